import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setCertificatePage } from '@/api';
import { profileKeys } from './keys';

/** The holder makes a certificate's public page public or private. */
export function useSetCertificatePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ certificateId, isPublic }: { certificateId: string; isPublic: boolean }) =>
      setCertificatePage(certificateId, isPublic),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.certificateLists() }),
  });
}
