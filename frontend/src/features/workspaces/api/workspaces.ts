import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, noContent, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

/** A workspace the caller may use, with their role in it (researcher, viewer or admin). */
export type Workspace = components["schemas"]["WorkspaceOut"];
export type Member = components["schemas"]["MemberOut"];
export type MemberRole = components["schemas"]["MemberAdd"]["role"];

export const MEMBER_ROLES: readonly MemberRole[] = ["researcher", "viewer"];

const workspacesKey = ["workspaces"] as const;
const membersKey = (workspaceId: string) => ["workspaces", workspaceId, "members"] as const;

export const workspacesQueryOptions = () =>
  queryOptions({
    queryKey: workspacesKey,
    queryFn: ({ signal }) => unwrap(client.GET("/api/workspaces", { signal })),
  });

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions());
}

/** The workspaces the caller can write in (researcher or admin). */
export function writable(workspaces: readonly Workspace[]): Workspace[] {
  return workspaces.filter((w) => w.role !== "viewer");
}

export function useMembers(workspaceId: string | null) {
  return useQuery({
    queryKey: membersKey(workspaceId ?? ""),
    enabled: workspaceId !== null,
    queryFn: ({ signal }) =>
      unwrap(
        client.GET("/api/workspaces/{workspace_id}/members", {
          params: { path: { workspace_id: workspaceId ?? "" } },
          signal,
        }),
      ),
  });
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(client.POST("/api/workspaces", { body: { name } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesKey }),
  });
}

export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: string) =>
      noContent(
        client.DELETE("/api/workspaces/{workspace_id}", {
          params: { path: { workspace_id: workspaceId } },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesKey }),
  });
}

export function useAddMember(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: MemberRole }) =>
      unwrap(
        client.POST("/api/workspaces/{workspace_id}/members", {
          params: { path: { workspace_id: workspaceId } },
          body,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) }),
  });
}

export function useChangeRole(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MemberRole }) =>
      unwrap(
        client.PATCH("/api/workspaces/{workspace_id}/members/{user_id}", {
          params: { path: { workspace_id: workspaceId, user_id: userId } },
          body: { role },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) }),
  });
}

export function useRemoveMember(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      noContent(
        client.DELETE("/api/workspaces/{workspace_id}/members/{user_id}", {
          params: { path: { workspace_id: workspaceId, user_id: userId } },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) }),
  });
}

export function useCopyPersona() {
  return useMutation({
    mutationFn: ({ personaId, workspaceId }: { personaId: string; workspaceId: string }) =>
      unwrap(
        client.POST("/api/personas/{persona_id}/copy", {
          params: { path: { persona_id: personaId } },
          body: { workspaceId },
        }),
      ),
  });
}
