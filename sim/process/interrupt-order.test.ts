import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onInterrupt, runCleanups } from './interrupt.js';

describe('the cleanups of an interruption: children stopped before their folders are removed', () => {
  it('a child writing into a folder is killed and reaped before the folder is removed, and the line keeps newest first', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cutpoint-interrupt-order-'));
    // A child that keeps writing files into the folder, as a sim check worker writes its chunks' stores.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs'); let i = 0; setInterval(() => fs.writeFileSync(${JSON.stringify(folder)} + '/f' + i++, 'x'), 1);`,
      ],
      { stdio: 'ignore' },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    writeFileSync(join(folder, 'first'), 'x');
    const order: string[] = [];
    // Registered first, as sim check starts its workers before it makes its scratch folder.
    const forgetChild = onInterrupt(
      async () => {
        order.push('child');
        child.kill('SIGKILL');
        await exited;
        return 'child killed and reaped';
      },
      { stopsProcesses: true },
    );
    const forgetFolder = onInterrupt(() => {
      order.push('folder');
      // Had the child still been writing, this could throw ENOTEMPTY or the folder come back.
      rmSync(folder, { recursive: true, force: true });
      return 'folder removed';
    });
    try {
      const said = await runCleanups();
      expect(order).toEqual(['child', 'folder']);
      expect(said).toEqual(['folder removed', 'child killed and reaped']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(existsSync(folder)).toBe(false);
    } finally {
      forgetChild();
      forgetFolder();
      child.kill('SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
