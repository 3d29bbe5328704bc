/**
 * The pid a child process prints as a line `PID <n>`, found whatever else it prints around it (a
 * library sharing its stdout, a chunk holding several lines or half of one).
 */
export function printedPid(stdout: NodeJS.ReadableStream): Promise<number> {
  return new Promise((resolve) => {
    let printed = '';
    stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /^PID (\d+)$/m.exec(printed);
      if (match) resolve(Number(match[1]));
    });
  });
}
