import { useEffect, useState } from 'react';
import { api, errorOf } from '../api';
import type { CommandDetail, ErrorJson } from '../types';

const details = new Map<string, Promise<CommandDetail>>();

/** A command's detail, fetched once per page load. */
function loadDetail(id: string): Promise<CommandDetail> {
  let promise = details.get(id);
  if (!promise) {
    promise = api.command(id);
    details.set(id, promise);
    promise.catch(() => details.delete(id));
  }
  return promise;
}

/** A command's detail (its schemas and lookups), or why it could not be loaded. */
export function useCommandDetail(commandId: string): {
  detail: CommandDetail | undefined;
  loadError: ErrorJson | undefined;
} {
  const [detail, setDetail] = useState<CommandDetail | undefined>();
  const [loadError, setLoadError] = useState<ErrorJson | undefined>();
  useEffect(() => {
    let live = true;
    setDetail(undefined);
    setLoadError(undefined);
    loadDetail(commandId)
      .then((loaded) => live && setDetail(loaded))
      .catch((cause: unknown) => live && setLoadError(errorOf(cause)));
    return () => {
      live = false;
    };
  }, [commandId]);
  return { detail, loadError };
}
