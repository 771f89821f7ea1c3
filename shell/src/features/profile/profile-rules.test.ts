import { IMAGE_UPLOAD_LIMIT_BYTES } from '@rigshare/domain';
import { avatarProblem } from './avatar-check';

describe('profile rules', () => {
  it('refuses avatars that are not pictures or larger than 2 MiB', () => {
    expect(avatarProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarProblem({ type: 'application/pdf', size: 1000 })).toBe('avatar.wrongType');
    expect(avatarProblem({ type: 'image/jpeg', size: IMAGE_UPLOAD_LIMIT_BYTES + 1 })).toBe('avatar.tooLarge');
    expect(avatarProblem({ type: 'image/jpeg', size: IMAGE_UPLOAD_LIMIT_BYTES })).toBeNull();
  });
});
