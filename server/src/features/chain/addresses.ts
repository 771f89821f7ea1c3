import { secp256k1 } from '@noble/curves/secp256k1';
import type { Kysely } from 'kysely';
import { bytesToHex, getAddress, type Address } from 'viem';
import { HDKey, publicKeyToAddress } from 'viem/accounts';
import type { Database } from '../../db/schema';

/**
 * Deposit addresses: child `userId` (non-hardened) of the operator's account-level extended public key
 * (DEPOSIT_XPUB, m/44'/60'/0'/0). Deterministic, so concurrent requests agree; no private key here.
 */

/** A compressed public key (33 bytes) as the uncompressed 0x04.. hex an address is hashed from. */
function uncompressed(compressed: Uint8Array): `0x${string}` {
  return bytesToHex(secp256k1.ProjectivePoint.fromHex(compressed).toRawBytes(false));
}

const parsed = new Map<string, HDKey>();

function accountKey(xpub: string): HDKey {
  let key = parsed.get(xpub);
  if (!key) {
    key = HDKey.fromExtendedKey(xpub);
    if (key.privateKey) throw new Error('DEPOSIT_XPUB is a private key; the server only takes the extended public key');
    parsed.set(xpub, key);
  }
  return key;
}

/** The checksummed address of child `index` of the xpub. */
export function depositAddressAt(xpub: string, index: number): Address {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`Not a non-hardened child index: ${index}`);
  const child = accountKey(xpub).deriveChild(index);
  return publicKeyToAddress(uncompressed(child.publicKey!));
}

/**
 * The member's deposit address, stored on first use. A member keeps the address first given to them
 * (even if DEPOSIT_XPUB is later changed): the watcher credits every stored address.
 */
export async function memberDepositAddress(k: Kysely<Database>, xpub: string, userId: number, now: Date): Promise<Address> {
  const stored = await k.selectFrom('deposit_addresses').select('address').where('user_id', '=', userId).executeTakeFirst();
  if (stored) return getAddress(stored.address);
  const address = depositAddressAt(xpub, userId);
  await k
    .insertInto('deposit_addresses')
    .values({ user_id: userId, address: address.toLowerCase(), derivation_index: userId, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await k.selectFrom('deposit_addresses').select('address').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return getAddress(row.address);
}

/** Addresses per IN (...) list: well under SQLite's and PostgreSQL's bound-parameter limits. */
const LOOKUP_CHUNK = 1000;

/**
 * The members owning those of `addresses` (lower case) that are stored deposit addresses, through the
 * unique index on deposit_addresses.address: one query per 1 000 distinct addresses, never a read of
 * every stored address, so a pass costs the same with ten members or ten million.
 */
export async function depositOwners(k: Kysely<Database>, addresses: Iterable<string>): Promise<Map<string, number>> {
  const distinct = [...new Set(addresses)];
  const owners = new Map<string, number>();
  for (let i = 0; i < distinct.length; i += LOOKUP_CHUNK) {
    const rows = await k
      .selectFrom('deposit_addresses')
      .select(['address', 'user_id'])
      .where('address', 'in', distinct.slice(i, i + LOOKUP_CHUNK))
      .execute();
    for (const r of rows) owners.set(r.address, r.user_id);
  }
  return owners;
}
