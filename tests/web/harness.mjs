// What the browser tests share: `caqa serve` on a free loopback port, and headless
// Chromium with the flags that work here (../shared/TOOLCHAIN.md).
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';

// Starts `caqa serve folder --port 0`; resolves to { server, base } once it listens.
export async function serve(native, folder) {
  const server = spawn(native, ['serve', folder, '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const base = await new Promise((resolve, reject) => {
    let text = '';
    server.stderr.on('data', (d) => {
      text += d;
      const m = text.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve(m[0]);
    });
    server.on('exit', (code) => reject(new Error(`caqa serve exited ${code}: ${text}`)));
  });
  return { server, base };
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic',
      '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
