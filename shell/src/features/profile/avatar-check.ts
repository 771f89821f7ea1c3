import { IMAGE_UPLOAD_LIMIT_BYTES } from '@rigshare/domain';

/** Picture types the avatar upload accepts; the server checks the bytes again. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** The shell message key of what is wrong with a chosen file, or null. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'avatar.wrongType';
  if (file.size > IMAGE_UPLOAD_LIMIT_BYTES) return 'avatar.tooLarge';
  return null;
}
