import { readFileSync } from 'node:fs';

/** TLS_CERT_FILE and TLS_KEY_FILE, read: HTTPS with HTTP/2 (docs/decisions/0007-http2.md). */
export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

/** The certificate pair, read now so a wrong path stops the boot with the variable's name. */
export function readTls(
  certFile: string | undefined,
  keyFile: string | undefined,
  problems: string[],
): TlsFiles | null {
  if (!certFile || !keyFile) return null;
  const readPem = (name: string, file: string, marker: RegExp): Buffer | null => {
    try {
      const pem = readFileSync(file);
      if (marker.test(pem.toString('latin1'))) return pem;
      problems.push(`${name}: ${file} is not a PEM file`);
    } catch (error) {
      problems.push(`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
    }
    return null;
  };
  const cert = readPem('TLS_CERT_FILE', certFile, /-----BEGIN CERTIFICATE-----/);
  const key = readPem('TLS_KEY_FILE', keyFile, /-----BEGIN [A-Z ]*PRIVATE KEY-----/);
  return cert && key ? { cert, key } : null;
}
