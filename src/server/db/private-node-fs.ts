import { NodeFS } from '@electric-sql/pglite/nodefs';

// PGlite writes its cluster through Emscripten's file system, which keeps a umask of its own
// (022) and chmods every file it creates to the result: the process umask alone still leaves
// 0644 and 0666 files (the initial cluster is copied in with 0666). Every creation passes
// through FS.mknod and every chmod through FS.doChmod, so group and other bits are taken off
// there: the cluster is 0600/0700 whoever opens it (issue 10, defect 4).

const GROUP_AND_OTHER = 0o077;

interface EmscriptenFs {
  mknod?: (path: string, mode: number, dev: number) => unknown;
  doChmod?: (stream: unknown, node: unknown, mode: number, dontFollow?: boolean) => void;
}

export class PrivateNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = [
      ...((emscriptenOpts.preRun as unknown[]) ?? []),
      ({ FS }: { FS: EmscriptenFs }) => {
        const { mknod, doChmod } = FS;
        // An Emscripten without them: the start-time walk (storage/private-dir.ts) still applies.
        if (typeof mknod === 'function')
          FS.mknod = (path, mode, dev) => mknod.call(FS, path, mode & ~GROUP_AND_OTHER, dev);
        if (typeof doChmod === 'function')
          FS.doChmod = (stream, node, mode, dontFollow) =>
            doChmod.call(FS, stream, node, mode & ~GROUP_AND_OTHER, dontFollow);
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}
