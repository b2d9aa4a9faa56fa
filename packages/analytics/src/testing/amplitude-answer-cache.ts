import { HttpResponse } from 'msw';

/** Most answers kept, and most bytes of answer text kept (user activity answers run to 100s of KB). */
const MAX_ANSWERS = 256;
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * The JSON answers of the query APIs already computed, kept while the project's events stay the same
 * (its `revision`): a sandbox is asked the same questions again and again (every Run of a command,
 * every refresh of a dashboard, a load test), and each answer otherwise reads the stored events
 * anew. Only answers that depend on nothing but the events and the request belong here; any change
 * to the events forgets them all.
 */
export class AnswerCache {
  readonly #revision: () => number;
  #at = Number.NaN;
  #bytes = 0;
  readonly #answers = new Map<string, { text: string; bytes: number }>();

  constructor(revision: () => number) {
    this.#revision = revision;
  }

  /**
   * The answer to the request `key` as a JSON response: the one kept, or `compute`'s (kept unless it
   * is a `Response` of its own, such as a refusal, which is returned as it is).
   */
  answer(key: string, compute: () => unknown): Response {
    const revision = this.#revision();
    if (revision !== this.#at) {
      this.#answers.clear();
      this.#bytes = 0;
      this.#at = revision;
    }
    let kept = this.#answers.get(key);
    if (!kept) {
      const body = compute();
      if (body instanceof Response) return body;
      const text = JSON.stringify(body);
      kept = { text, bytes: Buffer.byteLength(text) };
      this.#keep(key, kept);
    }
    return HttpResponse.text(kept.text, {
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(kept.bytes) },
    });
  }

  #keep(key: string, answer: { text: string; bytes: number }): void {
    if (answer.bytes > MAX_BYTES) return;
    this.#answers.set(key, answer);
    this.#bytes += answer.bytes;
    // Oldest first: the map's order is the order answers were kept.
    for (const [oldKey, old] of this.#answers) {
      if (this.#answers.size <= MAX_ANSWERS && this.#bytes <= MAX_BYTES) break;
      this.#answers.delete(oldKey);
      this.#bytes -= old.bytes;
    }
  }
}
