/**
 * Idempotency keys for money-moving calls (DESIGN.md, ledger: "transfers are idempotent by an id
 * the client chose and kept across retries"). One attempt = one `content` (what is being bought or
 * claimed); asking again for the same content returns the same key, so a retry after a timeout can
 * never pay twice. A different content, or `settle()` after a success, starts a new attempt.
 */
export type IdGenerator = () => string;

const HEX = '0123456789abcdef';

/** crypto.randomUUID where the page is a secure context; otherwise a v4 UUID from getRandomValues. */
export function randomRequestId(): string {
  const webCrypto = globalThis.crypto;
  if (typeof webCrypto?.randomUUID === 'function') return webCrypto.randomUUID();
  const bytes = new Uint8Array(16);
  webCrypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  let out = '';
  bytes.forEach((byte, index) => {
    if (index === 4 || index === 6 || index === 8 || index === 10) out += '-';
    out += HEX[byte >> 4] + HEX[byte & 0x0f];
  });
  return out;
}

export class RequestIdKeeper {
  private current: { content: string; id: string } | null = null;

  constructor(private readonly generate: IdGenerator = randomRequestId) {}

  /** The key of the attempt for `content`: kept while the content is unchanged and not settled. */
  idFor(content: string): string {
    if (this.current?.content !== content) this.current = { content, id: this.generate() };
    return this.current.id;
  }

  /** The attempt succeeded: the next one gets a new key. */
  settle(): void {
    this.current = null;
  }
}
