/** A request the thread store refuses: its HTTP status and the message the client gets. */
export class StoreError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
