import { randomBytes } from 'node:crypto';

// A share id is the only thing protecting a shared conversation, so it carries 144 random bits
// (more than the required 128) and reveals nothing: no counter, no time, no user.

const ID_BYTES = 18;
/** 18 bytes of base64url: exactly 24 characters, no padding. */
const ID_PATTERN = /^[A-Za-z0-9_-]{24}$/;

export function newShareId(): string {
  return randomBytes(ID_BYTES).toString('base64url');
}

/** Cheap shape check before a lookup, so junk never reaches the database. */
export function isShareId(value: string): boolean {
  return ID_PATTERN.test(value);
}

export function sharePath(id: string): string {
  return `/s/${id}`;
}
