// The images' health check: exits 0 when the address answers 2xx within 4 s (no curl in them).
//   node healthcheck.mjs http://127.0.0.1:3000/readyz
const url = process.argv[2];
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
