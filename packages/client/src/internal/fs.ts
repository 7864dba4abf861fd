/** File-system helpers: telling a missing file apart, and the atomic, owner-only write of secret files. */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Whether a file-system error says the file (or a folder on its path) does not exist. */
export function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Writes a file atomically: a temporary file in the same directory, created with `mode`, flushed,
 * then renamed over the target. Readers see the old or the new content, never a partial file.
 */
export async function writeFileAtomic(
  path: string,
  content: string,
  mode: number,
  dirMode = 0o700,
): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: dirMode });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(tmp, 'wx', mode);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(tmp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    // The umask may have narrowed the mode at creation; make it exact.
    await chmod(tmp, mode);
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
