/** Serialised answers by key, dropped wholesale when full (cheap, and the keys repeat a lot under load). */
export class PageCache {
  private readonly pages = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 2000,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** The cached page, or one made by `make` and remembered. */
  get(key: string, make: () => unknown): Buffer {
    const cached = this.pages.get(key);
    if (cached) return cached;
    const page = Buffer.from(JSON.stringify(make()));
    if (this.pages.size >= this.maxEntries || this.bytes + page.length > this.maxBytes) {
      this.pages.clear();
      this.bytes = 0;
    }
    this.pages.set(key, page);
    this.bytes += page.length;
    return page;
  }
}
