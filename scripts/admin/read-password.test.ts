import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readPassword } from './read-password.ts';

/** A keyboard: a stream that says it is a terminal and records raw-mode switches. */
function terminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true, rawModes: [] as boolean[] });
  Object.assign(input, {
    setRawMode(mode: boolean) {
      input.rawModes.push(mode);
      return input;
    },
  });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { input, output, shown: () => shown };
}

describe('readPassword', () => {
  it('reads typed keys without echoing them, honouring backspace', async () => {
    const tty = terminal();
    const reading = readPassword('Password: ', tty.input, tty.output);
    tty.input.write('sec');
    tty.input.write('x\u007fret \u00e9\r');
    expect(await reading).toBe('secret \u00e9');
    expect(tty.shown()).toBe('Password: \n');
    expect(tty.input.rawModes).toEqual([true, false]);
  });

  it('stops on Ctrl-C', async () => {
    const tty = terminal();
    const reading = readPassword('Password: ', tty.input, tty.output);
    tty.input.write('abc\u0003');
    await expect(reading).rejects.toThrow(/Cancelled/);
    expect(tty.input.rawModes).toEqual([true, false]);
  });

  it('takes the first line of piped input', async () => {
    const pipe = new PassThrough();
    const reading = readPassword('Password: ', pipe, new PassThrough());
    pipe.end('from a script\nignored\n');
    expect(await reading).toBe('from a script');
  });
});
