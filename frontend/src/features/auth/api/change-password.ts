import { useMutation } from "@tanstack/react-query";
import { client, noContent } from "@/lib/api-client";

/** PUT /api/account/password: needs the current password; other sessions end. */
export function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  return noContent(client.PUT("/api/account/password", { body: { currentPassword, newPassword } }));
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (v: { currentPassword: string; newPassword: string }) =>
      changePassword(v.currentPassword, v.newPassword),
  });
}
