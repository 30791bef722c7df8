import { useMutation } from '@tanstack/react-query';
import { register, type RegisterInput, type RegisterResponse } from '@/api/auth';
import type { ApiError } from '@/api/client';
import { authKeys } from './keys';

/** Creates an account that must be confirmed by email (POST /auth/register in the spec). */
export function useRegister() {
  return useMutation<RegisterResponse, ApiError, RegisterInput>({
    mutationKey: authKeys.register(),
    mutationFn: (input) =>
      register({
        firstname: input.firstname.trim(),
        lastname: input.lastname.trim(),
        email: input.email.trim(),
        password: input.password,
      }),
  });
}
