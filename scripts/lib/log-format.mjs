// Turns the services' JSON log lines into readable, per-service coloured lines for a terminal.
import { prettyFactory } from 'pino-pretty';

const COLOURS = { gateway: 36, identity: 35, profiles: 32, billing: 33, fitness: 34, emulators: 90, web: 96 };

export function createLogPrinter({ pretty = process.stdout.isTTY, out = process.stdout } = {}) {
  const format = prettyFactory({
    colorize: pretty,
    translateTime: 'HH:MM:ss.l',
    ignore: 'pid,hostname,service,name,reqId,context',
    singleLine: true,
  });
  const width = Math.max(...Object.keys(COLOURS).map((k) => k.length));
  return (name, line) => {
    if (!pretty) {
      out.write(`${line}\n`);
      return;
    }
    const tag = `\u001b[${COLOURS[name] ?? 37}m${name.padEnd(width)}\u001b[0m │ `;
    let text = line;
    if (line.startsWith('{')) {
      try {
        text = format(JSON.parse(line)).trimEnd();
      } catch {
        // not JSON after all: print as is
      }
    }
    out.write(`${tag}${text}\n`);
  };
}
