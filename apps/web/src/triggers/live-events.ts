import { useCallback, useEffect, useRef, useState } from 'react';
import { eventStreamUrl, type TriggerEvent } from './triggers-api';

/** How many events the live list keeps; older ones stay on the host (`GET /api/events`). */
const MAX_EVENTS = 200;

/** Where the live stream of events is. */
export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'closed' | 'unsupported';

/**
 * The events of every subscription as they arrive, newest first. The stream starts with the newest
 * 100 the host has stored, then stays open; `EventSource` reconnects by itself with `Last-Event-ID`, so nothing
 * is missed or repeated across a dropped connection.
 */
export function useLiveEvents(): { events: TriggerEvent[]; state: StreamState; restart(): void } {
  const [events, setEvents] = useState<TriggerEvent[]>([]);
  const [state, setState] = useState<StreamState>(() =>
    typeof EventSource === 'undefined' ? 'unsupported' : 'connecting',
  );
  const sourceRef = useRef<EventSource | undefined>(undefined);
  const open = useCallback(() => {
    sourceRef.current?.close();
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(eventStreamUrl, { withCredentials: true });
    sourceRef.current = source;
    setState('connecting');
    source.onopen = () => setState('live');
    // A refused stream (such as an expired session) is closed for good; a dropped one is retried.
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting');
    source.addEventListener('event', (message) => {
      let event: TriggerEvent;
      try {
        event = JSON.parse((message as MessageEvent<string>).data) as TriggerEvent;
      } catch {
        return;
      }
      setEvents((list) =>
        list.some((entry) => entry.id === event.id) ? list : [event, ...list].slice(0, MAX_EVENTS),
      );
    });
  }, []);
  useEffect(() => {
    open();
    return () => sourceRef.current?.close();
  }, [open]);
  return { events, state, restart: open };
}

export const streamLabels: Record<StreamState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  closed: 'Stopped',
  unsupported: 'This browser cannot receive live events.',
};
