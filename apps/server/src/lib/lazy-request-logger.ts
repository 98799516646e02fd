import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogArgs = Parameters<FastifyBaseLogger['info']>;
/** pino's loggers answer this; Fastify's type for them does not name it. */
interface Leveled {
  isLevelEnabled(level: string): boolean;
}

/**
 * `request.log`, made into pino's child (which carries the request id) only when a line is
 * written at a level the logger writes. With the redaction rules of lib/logger.ts a pino child
 * costs about 3 µs to make — a twentieth of the hot path — and at the default level almost no
 * request writes a line.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  fatal(...args: LogArgs): void {
    this.write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.write('error', args);
  }
  warn(...args: LogArgs): void {
    this.write('warn', args);
  }
  info(...args: LogArgs): void {
    this.write('info', args);
  }
  debug(...args: LogArgs): void {
    this.write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.write('trace', args);
  }
  silent(): void {}

  private write(level: Level, args: LogArgs): void {
    // Fastify's stand-in for `logger: false` has no isLevelEnabled: its methods do nothing anyway.
    const enabled = (this.parent as Partial<Leveled>).isLevelEnabled?.(level) ?? true;
    if (!this.#child && !enabled) return;
    (this.real()[level] as (...line: LogArgs) => void)(...args);
  }

  private real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }
}

export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
