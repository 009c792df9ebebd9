// CRC-64 with the ECMA-182 polynomial in Go's hash/crc64 form (reflected, inverted in and out, also
// known as CRC-64/XZ). go-pkgz LocalFS shards files by it, so our folders match an existing store's.
const POLY = 0xc96c5795d7870f42n;
const MASK = 0xffffffffffffffffn;

const TABLE: bigint[] = Array.from({ length: 256 }, (_, i) => {
  let crc = BigInt(i);
  for (let bit = 0; bit < 8; bit++) crc = crc & 1n ? (crc >> 1n) ^ POLY : crc >> 1n;
  return crc;
});

export function crc64Ecma(data: string | Uint8Array): bigint {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  let crc = MASK;
  for (const b of bytes) crc = (TABLE[Number((crc ^ BigInt(b)) & 0xffn)] as bigint) ^ (crc >> 8n);
  return crc ^ MASK;
}
