/** Base64 of bytes, in chunks so large pictures never exceed the argument limit of fromCharCode. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

/** Bytes of a base64 string (standard alphabet); throws on anything else. */
export function decodeBase64(text: string): Uint8Array {
  return (Uint8Array as unknown as { fromBase64(text: string): Uint8Array }).fromBase64(text);
}
