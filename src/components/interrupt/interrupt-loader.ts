import { onFirstNeed } from '../../internal/lazy.js';

/**
 * The views of what the agent asks of the person (the question form, approvals and generated
 * forms with their JSON Schema validator) are loaded on first need: most replies ask nothing.
 */
export const loadRequestViews = onFirstNeed(() => import('./interrupt.js'), 'the view for requests from the agent');
