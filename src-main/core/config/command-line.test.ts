/** A whole command line typed as the command (trial 6 finding 10): split by shell words, refused when it needs a shell. */
import { describe, expect, it } from 'vitest';
import { splitCommandLine } from './command-line.js';

const none = () => false;

describe('splitCommandLine', () => {
  it('splits "node /tmp/x/server.mjs" into command and arguments, quotes kept together, and says so', () => {
    expect(splitCommandLine({ transport: 'stdio', command: 'node /tmp/x/server.mjs' }, none)).toEqual({
      command: 'node',
      args: ['/tmp/x/server.mjs'],
      note: 'The command was a whole command line: saved as command "node" with arguments ["/tmp/x/server.mjs"] (a server\'s command runs without a shell)',
    });
    expect(splitCommandLine({ transport: 'stdio', command: ' python3 "/srv/my server/main.py" --port 8080 ', args: [] }, none)).toMatchObject({
      command: 'python3',
      args: ['/srv/my server/main.py', '--port', '8080'],
    });
  });

  it('leaves an entry alone when there is nothing to split or the text names a file', () => {
    expect(splitCommandLine({ transport: 'stdio', command: 'node' }, none)).toBeUndefined();
    expect(splitCommandLine({ transport: 'stdio', command: 'node x.mjs', args: ['--y'] }, none)).toBeUndefined();
    expect(splitCommandLine({ transport: 'http', command: 'a b' }, none)).toBeUndefined();
    // A Windows program under "Program Files" is one path with a space in it.
    const file = 'C:\\Program Files\\nodejs\\node.exe';
    expect(splitCommandLine({ transport: 'stdio', command: file }, (p) => p === file)).toBeUndefined();
  });

  it('refuses a line that needs a shell, saying what to write instead', () => {
    for (const command of ['node s.mjs | tee log', 'cd /srv && node s.mjs', 'node s.mjs > out', 'node $(which s)']) {
      expect(() => splitCommandLine({ transport: 'stdio', command }, none)).toThrow(/runs without a shell: put it in a script, or give command "sh" with arguments \["-c", /);
    }
  });
});
