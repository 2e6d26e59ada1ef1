/**
 * An outside API's failure, sorted by `kind` into what the caller can do about it (retry, ask the user to
 * reconnect, give up). Each client has its own subclass naming itself and its kinds, so callers sort failures by
 * `instanceof` and `kind` alike.
 */
export class IntegrationError<Kind extends string> extends Error {
  readonly kind: Kind;

  constructor(kind: Kind, message: string) {
    super(message);
    this.kind = kind;
  }
}
