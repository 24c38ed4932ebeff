/**
 * What the model gets of an MCP tool result the widget ran (pure, no DOM). The page's `valueFn`
 * decides when it gives one; else `structuredContent` when the result has it; else every content
 * item meant for the assistant, as text: texts as they are, links and embedded resources with their
 * URI and type (a text resource with its text), images, audio and binary resources as a short
 * description such as `[image image/png 2.1 KB]`. That value travels on every wire (AG-UI tool
 * messages carry it as it is). The AI SDK wire can carry media in a tool's output: there the
 * model gets the images and audio themselves, as `{type: 'content', value: […]}` (the SDK's
 * `ToolResultOutput`), within a size budget — past it, the description again. Content meant only
 * for the person (`annotations.audience: ["user"]`) never reaches the model.
 */
import { isRecord } from '../internal/guards.js';
import { contentItems, formatBytes, type ContentItem } from './content-items.js';
import type { McpCallRecord, McpCallResult } from './mcp-types.js';

/** An image or audio item larger than this (bytes) is described to the model, not sent. */
export const MODEL_MEDIA_BYTES = 8 * 1024 * 1024;
/** Media bytes one result may send to the model; items past it are described. */
export const MODEL_MEDIA_TOTAL_BYTES = 16 * 1024 * 1024;
/** Image types models take. */
const MODEL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** A call's answer: the model's value, whether the call failed, and what its tool call keeps. */
export interface CallAnswer {
  content: unknown;
  isError: boolean;
  mcp: McpCallRecord;
}

/** The answer to a call that returned `result`; `custom` is the page's `valueFn` output, when it gave one. */
export function answerFor(result: McpCallResult, custom?: { value: unknown }): CallAnswer {
  const isError = result.isError === true;
  if (custom) return { content: custom.value, isError, mcp: { result, valueFn: true } };
  const content = result.structuredContent !== undefined ? result.structuredContent : modelText(result);
  return { content, isError, mcp: { result } };
}

/** Every content item meant for the model, as text (one item per line). */
export function modelText(result: unknown): string {
  return contentItems(result, 'assistant')
    .map(describe)
    .filter((line) => line !== '')
    .join('\n');
}

/** One item as the model reads it in text. */
export function describe(item: ContentItem): string {
  switch (item.kind) {
    case 'text':
      return item.text;
    case 'image':
    case 'audio':
      return `[${item.kind} ${item.mimeType ?? 'of unknown type'} ${formatBytes(item.bytes)}${item.data === undefined ? ', not valid base64' : ''}]`;
    case 'link': {
      const facts = [item.mimeType, item.size !== undefined ? formatBytes(item.size) : undefined].filter(Boolean).join(' ');
      const name = item.title && item.title !== item.name ? `${item.title} (${item.name})` : item.name;
      return `[resource link: ${name} <${item.uri}>${facts ? ` ${facts}` : ''}${item.description ? ` — ${item.description}` : ''}]`;
    }
    case 'resource-text':
      return `[resource <${item.uri}>${item.mimeType ? ` ${item.mimeType}` : ''}]\n${item.text}`;
    case 'resource-blob':
      return `[resource <${item.uri}> ${item.mimeType ?? 'of unknown type'} ${formatBytes(item.bytes)}]`;
    case 'other':
      return `[${item.type}]`;
  }
}

/** A file part of the AI SDK's tool output content. */
interface FileOutput {
  type: 'file';
  mediaType: string;
  data: { type: 'data'; data: string };
}

/**
 * The output the AI SDK wire sends for a call: `{type: 'content', value}` with its images and audio
 * as file parts when the model gets any; undefined when the call's value goes as it is (no media
 * to send, structured content, an error, or the page's `valueFn` gave the value). The record comes
 * from the conversation (a stored or imported one too), so it is read defensively.
 */
export function aiSdkOutput(record: McpCallRecord | undefined): { type: 'content'; value: ({ type: 'text'; text: string } | FileOutput)[] } | undefined {
  if (!isRecord(record) || record.valueFn || !isRecord(record.result)) return undefined;
  const { result } = record;
  if (result.structuredContent !== undefined || result.isError === true) return undefined;
  let budget = MODEL_MEDIA_TOTAL_BYTES;
  let media = 0;
  const value: ({ type: 'text'; text: string } | FileOutput)[] = [];
  for (const item of contentItems(result, 'assistant')) {
    const part = mediaPart(item, budget);
    if (part) {
      budget -= (item as { bytes: number }).bytes;
      media++;
      value.push(part);
      continue;
    }
    const text = describe(item);
    if (text) value.push({ type: 'text', text });
  }
  return media ? { type: 'content', value } : undefined;
}

/** An image (of a type models take) or audio item within the budget, as a file part; else undefined. */
function mediaPart(item: ContentItem, budget: number): FileOutput | undefined {
  if ((item.kind !== 'image' && item.kind !== 'audio') || item.data === undefined || !item.mimeType) return undefined;
  if (item.bytes > MODEL_MEDIA_BYTES || item.bytes > budget) return undefined;
  const fits = item.kind === 'image' ? MODEL_IMAGE_TYPES.has(item.mimeType) : item.mimeType.startsWith('audio/');
  return fits ? { type: 'file', mediaType: item.mimeType, data: { type: 'data', data: item.data } } : undefined;
}
