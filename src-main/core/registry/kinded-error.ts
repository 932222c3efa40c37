/** An error with a typed `kind` the handlers map to the contract's codes (registry rules, issue 36). */
export class KindedError<K extends string> extends Error {
  constructor(
    readonly kind: K,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
