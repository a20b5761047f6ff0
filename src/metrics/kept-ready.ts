import {promisify} from 'node:util';
import {gzip} from 'node:zlib';

/**
 * A body kept built between scrapes. At 100,000 (check, org) pairs the check series are
 * ~60 MB of text; building them when Prometheus asks (read what changed in Redis, parse,
 * render, join) competed with the runs on the same event loop and made the scrape itself
 * slow. So while the body is asked for, it is rebuilt in the background at the pace it is
 * asked for (the time between the last two asks), but not more often than every
 * `refreshMs`, and a scrape writes what is ready: built in the time between scrapes rather
 * than inside one, at most one scrape interval old. A build costs the same whenever it
 * runs, so building more often than the scrapes come would only burn CPU. Nobody asking for `idleMs` stops the rebuilding (a
 * replica Prometheus does not scrape for check series pays nothing); the next ask then
 * builds afresh and waits for it, as does the first. `refreshMs: 0` builds on every ask.
 *
 * The gzip form (Prometheus asks for it) is compressed after each build on libuv's thread
 * pool, off the event loop, in segments of ~SEGMENT bytes; a segment whose parts did not
 * change keeps its compressed bytes. Concatenated gzip members are one valid gzip body
 * (RFC 1952, 2.2; Go's reader, which Prometheus uses, reads them as one stream), so the
 * scrape writes them as they are: 13x fewer bytes on the wire for the same series.
 */

const gzipAsync = promisify(gzip);
/** Bytes of plain text per gzip member: large enough to compress well, small enough to reuse. */
const SEGMENT = 256 * 1024;

export interface Built {
  /** When the build began (what it shows is at least this fresh). */
  at: number;
  plain: readonly Buffer[];
}

interface Segment {
  parts: readonly Buffer[];
  member: Buffer;
}

export interface KeptReadyOptions {
  refreshMs: number;
  idleMs: number;
  now?: () => number;
}

export class KeptReady {
  private built: Built | undefined;
  private building: Promise<Built> | undefined;
  private compressed: {of: Built; members: Promise<Buffer[]>; done: boolean} | undefined;
  /** The members of the last compression that finished. */
  private lastMembers: Buffer[] | undefined;
  private segments: Segment[] = [];
  private askedAt = 0;
  /** Time between the last two asks: how often the body is wanted. */
  private askGap = 0;
  private wantsGzip = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly now: () => number;

  constructor(
    private readonly build: () => Promise<Buffer[]>,
    private readonly options: KeptReadyOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The plain body: the ready one, or (first ask, after idling, refreshMs 0) a new build. */
  async plain(): Promise<readonly Buffer[]> {
    return (await this.ask(false)).plain;
  }

  /**
   * A body built now (shared with a build under way), without keeping it built: for
   * `/metrics`, which one worker's Prometheus scrapes and expects as fresh as the scrape.
   */
  async fresh(gzipped: boolean): Promise<readonly Buffer[]> {
    const built = await this.rebuild();
    return gzipped ? this.membersOf(built) : built.plain;
  }

  /**
   * The body as gzip members, compressed after the last build; while a newer build is still
   * being compressed, the members of the one before (one refresh older) rather than a wait.
   */
  async gzip(): Promise<Buffer[]> {
    const built = await this.ask(true);
    if (this.options.refreshMs > 0 && this.compressed?.of === built && !this.compressed.done && this.lastMembers) return this.lastMembers;
    return this.membersOf(built);
  }

  /** Stops the background rebuilding (shutdown). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async ask(gzipped: boolean): Promise<Built> {
    const now = this.now();
    if (this.askedAt > 0) this.askGap = now - this.askedAt;
    this.askedAt = now;
    this.wantsGzip ||= gzipped;
    if (this.options.refreshMs <= 0 || !this.built) return this.rebuild();
    this.schedule();
    return this.built;
  }

  private rebuild(): Promise<Built> {
    this.building ??= (async () => {
      const at = this.now();
      const built = {at, plain: await this.build()};
      this.built = built;
      // Compressed now, while nobody waits, if the scrapes ask for gzip.
      if (this.wantsGzip) void this.membersOf(built).catch(() => {});
      return built;
    })().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.now() - this.askedAt > this.options.idleMs) {
        // Nobody asked for a while: the next ask builds afresh rather than see an old body.
        this.built = undefined;
        this.compressed = undefined;
        this.lastMembers = undefined;
        this.segments = [];
        return;
      }
      this.rebuild().then(
        () => this.schedule(),
        () => this.schedule(),
      );
    }, Math.max(this.options.refreshMs, Math.min(this.askGap, this.options.idleMs)));
    this.timer.unref();
  }

  private membersOf(built: Built): Promise<Buffer[]> {
    if (this.compressed?.of !== built) {
      const entry = {of: built, done: false, members: this.compress(built.plain)};
      entry.members.then(members => {
        entry.done = true;
        if (this.compressed === entry) this.lastMembers = members;
      }, () => {});
      this.compressed = entry;
    }
    return this.compressed.members;
  }

  /** Segments of consecutive parts, each one gzip member; unchanged segments keep theirs. */
  private async compress(plain: readonly Buffer[]): Promise<Buffer[]> {
    const previous = new Map(this.segments.map(segment => [segment.parts[0], segment]));
    const segments: Segment[] = [];
    let parts: Buffer[] = [];
    let bytes = 0;
    const close = async () => {
      if (parts.length === 0) return;
      const kept = previous.get(parts[0]);
      const same = kept !== undefined && kept.parts.length === parts.length && kept.parts.every((part, i) => part === parts[i]);
      segments.push(same ? kept : {parts, member: await gzipAsync(Buffer.concat(parts), {level: 1})});
      parts = [];
      bytes = 0;
    };
    for (const part of plain) {
      if (part.length === 0) continue;
      parts.push(part);
      bytes += part.length;
      if (bytes >= SEGMENT) await close();
    }
    await close();
    this.segments = segments;
    return segments.map(segment => segment.member);
  }
}
