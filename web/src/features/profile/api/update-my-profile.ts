import { useMutation } from '@tanstack/react-query';
import type { UpdateOwnProfileRequest } from '@contract';
import { displayName, updateMyProfile } from '@/api';
import { useSession } from '@/session';

/** Edit Profile: saves the signed-in user's names, then shows them in the session at once. */
export function useUpdateMyProfile() {
  const { setUser } = useSession();
  return useMutation({
    mutationFn: (fields: UpdateOwnProfileRequest) => updateMyProfile(fields),
    onSuccess: ({ user }) => {
      const firstname = user.firstname ?? '';
      const lastname = user.lastname ?? '';
      const username = user.username ?? '';
      setUser({
        firstname,
        lastname,
        username,
        name: displayName(firstname, lastname, username, user.email),
      });
    },
  });
}
