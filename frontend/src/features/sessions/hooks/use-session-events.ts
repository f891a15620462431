import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { API_BASE } from "@/lib/api-client";
import { eventData } from "@/utils/event-data";
import type {
  ErrorEventData,
  ProgressEventData,
  RetryingEventData,
  SessionMessage,
  StatusEventData,
  TakeoverEventData,
  ThinkingEventData,
  TokenEventData,
} from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";
import { refreshSession, updateSession } from "../api/session-cache";
import { applyTakeover } from "../utils/take-over";
import {
  applyError,
  applyMessage,
  applyProgress,
  applyStatus,
  type LiveAnswers,
  onRetrying,
  onStoredMessage,
  onThinking,
  onToken,
  onWaiting,
} from "../utils/live-events";

export interface SessionEventHandlers {
  /** The session was deleted elsewhere. */
  onDeleted?: () => void;
}

/**
 * Follows GET /api/sessions/{id}/events and keeps the query cache in step with it; returns
 * the answers being written right now (thinking, then streaming tokens).
 *
 * The browser's EventSource reconnects by itself and sends Last-Event-ID; after `ready`,
 * `reset` or a reconnection the session is refetched, and later events apply on top.
 */
export function useSessionEvents(
  id: string,
  enabled: boolean,
  handlers: SessionEventHandlers = {},
): LiveAnswers {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<LiveAnswers>([]);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    if (!enabled || !id || typeof EventSource === "undefined") return;
    const source = new EventSource(`${API_BASE}/sessions/${encodeURIComponent(id)}/events`);
    const key = queryKeys.session(id);
    let disconnected = false;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: key, exact: true });

    const listeners: Record<string, (event: Event) => void> = {
      ready: () => refetch(),
      reset: () => {
        setAnswers([]);
        refetch();
      },
      message: (event) => {
        const message = eventData<SessionMessage>(event, ["id", "speaker", "content"]);
        if (!message) return;
        updateSession(queryClient, id, (s) => applyMessage(s, message));
        setAnswers((a) => onStoredMessage(a, message));
      },
      token: (event) => {
        const data = eventData<TokenEventData>(event, ["questionIndex", "round", "delta"]);
        if (data) setAnswers((a) => onToken(a, data));
      },
      retrying: (event) => {
        const data = eventData<RetryingEventData>(event, ["questionIndex", "round"]);
        if (data) setAnswers((a) => onRetrying(a, data));
      },
      waiting: (event) => {
        const data = eventData<RetryingEventData>(event, ["questionIndex", "round"]);
        if (data) setAnswers((a) => onWaiting(a, data));
      },
      thinking: (event) => {
        const data = eventData<ThinkingEventData>(event, [
          "questionIndex",
          "round",
          "participants",
        ]);
        if (data) setAnswers((a) => onThinking(a, data));
      },
      progress: (event) => {
        const data = eventData<ProgressEventData>(event, ["responses", "total"]);
        if (data) updateSession(queryClient, id, (s) => applyProgress(s, data));
      },
      status: (event) => {
        const data = eventData<StatusEventData>(event, ["status", "running"]);
        if (!data) return;
        updateSession(queryClient, id, (s) => applyStatus(s, data));
        if (!data.running) setAnswers([]);
        // A fetch in flight may predate this change: fetch again (also completedAt, counters).
        refreshSession(queryClient, id);
      },
      // Server-sent `error` events carry data; the EventSource's own connection errors do not.
      error: (event) => {
        const data = eventData<ErrorEventData>(event, ["message"]);
        if (!data) {
          disconnected = true;
          return;
        }
        updateSession(queryClient, id, (s) => applyError(s, data));
        setAnswers([]);
        refreshSession(queryClient, id);
      },
      takeover: (event) => {
        const data = eventData<TakeoverEventData>(event, ["takenOver"]);
        if (data) updateSession(queryClient, id, (s) => applyTakeover(s, data));
      },
      deleted: () => {
        source.close();
        queryClient.removeQueries({ queryKey: key, exact: true });
        handlersRef.current.onDeleted?.();
      },
      open: () => {
        if (!disconnected) return;
        disconnected = false;
        setAnswers([]);
        refetch();
      },
    };
    for (const [name, listener] of Object.entries(listeners))
      source.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of Object.entries(listeners))
        source.removeEventListener(name, listener);
      source.close();
      setAnswers([]);
    };
  }, [id, enabled, queryClient]);

  return answers;
}
