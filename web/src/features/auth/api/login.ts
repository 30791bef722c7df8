import { useMutation } from '@tanstack/react-query';
import { login, type LoginInput, type LoginResponse } from '@/api/auth';
import type { ApiError } from '@/api/client';
import { authKeys } from './keys';

/** Signs in (POST /auth/login in the spec). */
export function useLogin() {
  return useMutation<LoginResponse, ApiError, LoginInput>({
    mutationKey: authKeys.login(),
    mutationFn: (input) => login({ email: input.email.trim(), password: input.password }),
  });
}
