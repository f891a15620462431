import { useCallback, useMemo, useState } from "react";
import type { PersonaPickerSource } from "@/components/persona-picker";
import { useDebounced } from "@/hooks/use-debounced";
import { usePersonaPages, usePersonaTags } from "../api/get-personas";

/** The library for a persona picker (components/persona-picker.tsx): searched by name and
 * filtered by tag on the server, a page at a time. */
export function usePersonaPicker(): PersonaPickerSource {
  const [search, setSearch] = useState("");
  const [tag, setTag] = useState<string | null>(null);
  const tags = usePersonaTags();
  const pages = usePersonaPages(useDebounced(search), tag, true);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = pages;
  const personas = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const onMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  const first = pages.data?.pages[0];
  return {
    search,
    onSearch: setSearch,
    tags: tags.data ?? [],
    tag,
    onTag: setTag,
    personas,
    total: first?.total ?? 0,
    libraryTotal: first?.libraryTotal ?? 0,
    pending: pages.isPending,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    onMore,
    error: pages.isError ? pages.error : null,
    retry: () => void pages.refetch(),
  };
}
