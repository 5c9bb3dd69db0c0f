// The few Node built-ins the client uses, declared for `tsc` alone: Debian ships no
// @types/node and CI reaches no npm registry. Only what src/ calls is declared; the
// signatures follow Node's documentation (a subset of each).

declare module 'node:child_process' {
  interface Writable {
    readonly destroyed: boolean;
    readonly writableEnded: boolean;
    readonly writableLength: number;
    write(data: string | Uint8Array): boolean;
    end(): void;
    on(event: 'error', listener: (error: Error) => void): this;
  }
  interface Readable {
    on(event: 'data', listener: (chunk: Uint8Array) => void): this;
    on(event: 'end', listener: () => void): this;
  }
  export interface ChildProcess {
    readonly pid: number | undefined;
    readonly stdin: Writable | null;
    readonly stdout: Readable | null;
    readonly stderr: Readable | null;
    kill(signal?: string): boolean;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'close', listener: (code: number | null, signal: string | null) => void): this;
    on(event: 'exit', listener: (code: number | null, signal: string | null) => void): this;
  }
  export function spawn(
    command: string,
    args: readonly string[],
    options: { stdio: ['pipe', 'pipe', 'pipe']; env?: Record<string, string | undefined>; cwd?: string },
  ): ChildProcess;
}

declare module 'node:fs' {
  export const constants: { readonly X_OK: number };
  export function accessSync(path: string, mode?: number): void;
  export function statSync(path: string): { isFile(): boolean };
}

declare module 'node:path' {
  export const delimiter: string;
  export function dirname(path: string): string;
  export function join(...paths: string[]): string;
  export function resolve(...paths: string[]): string;
}

declare module 'node:process' {
  const process: {
    readonly env: Record<string, string | undefined>;
    cwd(): string;
    on(event: 'exit', listener: (code: number) => void): void;
  };
  export default process;
}

declare module 'node:url' {
  export function fileURLToPath(url: string | URL): string;
}
