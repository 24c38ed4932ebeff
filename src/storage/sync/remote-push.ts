/**
 * Sends what this device owes the server, thread by thread: a deletion, the title, the node versions
 * not there yet (their attachments' bytes first, each blob once), in requests of at most
 * BATCH_BYTES. What the server refuses as such (a 4xx about the body) is left out with a warning, so
 * one bad node never holds the rest back; anything else stops the push and leaves the outbox as it is.
 */
import type { AppendAnswer } from '../sync-wire.js';
import type { ThreadStore } from '../thread-store.js';
import type { NodeRecord } from '../records.js';
import { readOwed } from './remote-apply.js';
import { RemoteClient, SyncFailure, sha256Of } from './remote-client.js';
import { deletedToWire, nodeToWire, revOf, wireId } from './remote-wire.js';
import type { OutboxEntry, SyncOutbox } from './sync-outbox.js';
import type { WireNode } from '../sync-wire.js';

/** The most a request of nodes carries (the server takes 4 MB by default; a smaller one may be configured). */
export const BATCH_BYTES = 1024 * 1024;
const BATCH_NODES = 500;
/** An entry whose node was never stored this long after it was noted (its save failed) is given up (ms). */
const ORPHAN_MS = 60_000;

export interface PushHost {
  store(): ThreadStore | undefined;
  /** The server's versions of nodes sent that lost to a higher rev: stored here. */
  stale(threadId: string, nodes: AppendAnswer['stale']): Promise<void>;
  /** Something sent was refused and left out. */
  refused(threadId: string, failure: SyncFailure): void;
}

interface Sending {
  wire: WireNode;
  entry: OutboxEntry;
  bytes: number;
}

export class RemotePush {
  private readonly hashes = new WeakMap<Blob, string | undefined>();

  constructor(
    private readonly client: RemoteClient,
    private readonly outbox: SyncOutbox,
    private readonly host: PushHost,
  ) {}

  /**
   * The first sync of this database: the conversations it kept before (on this device only) are
   * owed to the server too, every node of them.
   */
  async seed(): Promise<void> {
    const store = this.host.store();
    if (!store || (await this.outbox.meta('seeded'))) return;
    for (const thread of await store.listThreads()) {
      const nodes: { id: string; rev: number }[] = [];
      let after: string | undefined;
      do {
        const read = await store.readNodes(thread.id, after, 500);
        for (const node of read.nodes) nodes.push({ id: node.id, rev: revOf(node) });
        after = read.last;
      } while (after !== undefined);
      this.outbox.saved(thread, nodes, []);
    }
    await this.outbox.setMeta('seeded', 1);
  }

  /**
   * Sends everything owed; throws a SyncFailure when the server cannot take it now. Resolves with
   * whether something had to wait (a save not landed yet): the caller tries again soon.
   */
  async all(): Promise<boolean> {
    let waited = false;
    for (const threadId of await this.outbox.threads()) waited = (await this.thread(threadId)) || waited;
    return waited;
  }

  private async thread(threadId: string): Promise<boolean> {
    const store = this.host.store();
    if (!store) return false;
    const owed = await this.outbox.owed(threadId);
    const id = wireId(threadId);
    if (id === undefined) {
      console.warn(`<agent-chat>: the conversation ${JSON.stringify(threadId)} has an id too long to keep on the server; it stays on this device.`);
      await this.outbox.drop(threadId);
      return false;
    }
    if (owed.deleted) {
      await this.client.request('DELETE', `threads/${id}`);
      await this.outbox.drop(threadId);
      return false;
    }
    const nodeIds = owed.nodes.map((entry) => entry.key.slice(2));
    const { record, nodes } = await readOwed(store, threadId, nodeIds);
    // Never saved (its save failed), or deleted here since: nothing of it goes.
    if (!record) {
      await this.outbox.drop(threadId);
      return false;
    }
    const title = sendableTitle(record.title);
    if (owed.title) await this.sendTitle(threadId, id, title);
    const sending: Sending[] = [];
    const done: { key: string; rev?: number }[] = [];
    let waited = false;
    for (const entry of owed.nodes) {
      const wire = await this.wireOf(entry, nodes.get(entry.key.slice(2)));
      if (wire === 'wait') waited = true;
      else if (wire === undefined) done.push({ key: entry.key });
      else sending.push({ wire, entry, bytes: JSON.stringify(wire).length + 1 });
    }
    let created = owed.title !== undefined;
    for (const batch of batches(sending)) {
      created = await this.send(threadId, id, title, batch, created);
      done.push(...batch.map(({ entry, wire }) => ({ key: entry.key, rev: wire.rev })));
    }
    // A rename made while this was sent has a higher rev: it stays owed.
    await this.outbox.settle(threadId, owed.title ? [...done, { key: 't', rev: owed.title.rev }] : done, owed.title ? record.title : undefined);
    return waited;
  }

  /**
   * PUTs the thread's title, unless it is the one the server last had (a save after a reload owes
   * the title again, but must not send back a name another device has replaced since). A title the
   * server refuses is left out, as a refused node is.
   */
  private async sendTitle(threadId: string, id: string, title: string): Promise<void> {
    if ((await this.outbox.meta('s:' + threadId)) === title) return;
    try {
      await this.client.json('PUT', `threads/${id}`, { json: { title } });
      await this.outbox.setMeta('s:' + threadId, title);
    } catch (error) {
      if (!(error instanceof SyncFailure) || error.kind !== 'refused') throw error;
      console.warn(`<agent-chat>: the server refused the title of the conversation ${JSON.stringify(threadId)}: ${error.message}`);
      this.host.refused(threadId, error);
    }
  }

  /** The node of an entry as it goes: undefined when it cannot go at all, `wait` when its save has not landed yet. */
  private async wireOf(entry: OutboxEntry, node: NodeRecord | undefined): Promise<WireNode | 'wait' | undefined> {
    const nodeId = entry.key.slice(2);
    const orphan = Date.now() - entry.at > ORPHAN_MS;
    if (orphan && (node ? entry.rev !== undefined && revOf(node) < entry.rev : !entry.deleted)) {
      console.warn(`<agent-chat>: a version of the message ${JSON.stringify(nodeId)} was never saved here; it is not sent.`);
    }
    if (!node) return entry.deleted ? this.encodable(nodeId, deletedToWire(nodeId, entry.rev ?? 1)) : orphan ? undefined : 'wait';
    if (entry.rev !== undefined && revOf(node) < entry.rev) return orphan ? undefined : 'wait';
    return this.encodable(nodeId, nodeToWire(node, await this.uploaded(node)));
  }

  /** A node whose id cannot go on the wire stays here, said once. */
  private encodable(nodeId: string, wire: WireNode | undefined): WireNode | undefined {
    if (!wire) console.warn(`<agent-chat>: the message ${JSON.stringify(nodeId)} has an id too long to keep on the server; it stays on this device.`);
    return wire;
  }

  /** Uploads the bytes of the node's attachments not on the server yet; their names, by attachment id. */
  private async uploaded(node: NodeRecord): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    if (node.turn.role !== 'user') return names;
    for (const attachment of node.turn.attachments ?? []) {
      const { blob } = attachment;
      if (!(blob instanceof Blob)) continue;
      if (!this.hashes.has(blob)) this.hashes.set(blob, await sha256Of(await blob.arrayBuffer()).catch(() => undefined));
      const sha256 = this.hashes.get(blob);
      if (!sha256) continue;
      if (!(await this.outbox.meta('b:' + sha256))) {
        try {
          await this.client.putBlob(sha256, blob);
        } catch (error) {
          if (!(error instanceof SyncFailure) || error.kind !== 'refused') throw error;
          // Too big for the server, say: the file goes named, without its bytes.
          this.host.refused(node.threadId, error);
          continue;
        }
        await this.outbox.setMeta('b:' + sha256, 1);
      }
      names.set(attachment.id, sha256);
    }
    return names;
  }

  /** POSTs one batch; a thread the server does not have is made first. A refused batch is halved until the node it cannot take is found. */
  private async send(threadId: string, id: string, title: string, batch: Sending[], created: boolean): Promise<boolean> {
    let answer: Record<string, unknown> | undefined;
    try {
      answer = await this.client.json('POST', `threads/${id}/nodes`, { json: { nodes: batch.map(({ wire }) => wire) } });
      if (answer === undefined && !created) {
        await this.client.json('PUT', `threads/${id}`, { json: { title } });
        created = true;
        answer = await this.client.json('POST', `threads/${id}/nodes`, { json: { nodes: batch.map(({ wire }) => wire) } });
      }
    } catch (error) {
      if (!(error instanceof SyncFailure) || error.kind !== 'refused') throw error;
      if (batch.length === 1) {
        console.warn(`<agent-chat>: the server refused a message of the conversation ${JSON.stringify(threadId)}: ${error.message}`);
        this.host.refused(threadId, error);
        return created;
      }
      const half = Math.ceil(batch.length / 2);
      created = await this.send(threadId, id, title, batch.slice(0, half), created);
      return this.send(threadId, id, title, batch.slice(half), created);
    }
    // 404 twice: the server deleted the thread meanwhile; what the list says next takes it away here.
    if (answer && Array.isArray(answer.stale) && answer.stale.length) await this.host.stale(threadId, answer.stale as AppendAnswer['stale']);
    return created;
  }
}

/** The server takes titles of at most 1,000 characters, without NUL. */
const sendableTitle = (title: string): string => title.replace(/\u0000/g, '').slice(0, 1000);

/** The nodes to send, in requests of at most BATCH_BYTES and BATCH_NODES. */
function* batches(sending: Sending[]): Generator<Sending[]> {
  let batch: Sending[] = [];
  let bytes = 0;
  for (const item of sending) {
    if (batch.length && (bytes + item.bytes > BATCH_BYTES || batch.length === BATCH_NODES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += item.bytes;
  }
  if (batch.length) yield batch;
}
