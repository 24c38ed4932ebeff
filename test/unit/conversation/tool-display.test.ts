import { expect } from '@open-wc/testing';
import { serverDisplay } from '../../../src/conversation/tool-display.js';

describe('serverDisplay: card options a server suggests for its tool', () => {
  it('takes _meta["agent-chat"] options, its title first', () => {
    const display = serverDisplay({
      title: 'Tool title',
      _meta: { 'agent-chat': { title: 'Card title', icon: '📊', open: true, showRequest: false, fullScreen: false, summary: 'A chart of the budget.' } },
    });
    expect(display).to.include({ title: 'Card title', icon: '📊', open: true, showRequest: false, fullScreen: false });
    expect(display.summary?.({}, undefined)).to.equal('A chart of the budget.');
  });

  it('falls back to the tool title, then the annotation title', () => {
    expect(serverDisplay({ title: 'Tool title', annotations: { title: 'Annotated' } }).title).to.equal('Tool title');
    expect(serverDisplay({ annotations: { title: 'Annotated' } }).title).to.equal('Annotated');
    expect(serverDisplay(undefined)).to.deep.equal({});
  });

  it('ignores options of the wrong type', () => {
    const display = serverDisplay({ _meta: { 'agent-chat': { title: 5, icon: {}, open: 'yes', summary: () => 'x' } } });
    expect(display).to.deep.equal({});
  });
});
