import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOGIN_RESULT_PARAM, type LoginResult } from '@campus/contracts/login-result';
import { readLoginResult, withLoginResultState } from '../api/login-result';

/**
 * The server comes back from an unsuccessful login with `?login=cancelled` or `?login=failed`.
 * Remembers that outcome for the notice and takes the marker out of the address bar at once
 * (a replace navigation, i.e. history.replaceState), so a shared link does not repeat it.
 */
export function useLoginResult(): { result: LoginResult | null; dismiss: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const marker = readLoginResult(location.search);
  const [result, setResult] = useState<LoginResult | null>(marker);

  useEffect(() => {
    if (!marker) return;
    setResult(marker);
    const params = new URLSearchParams(location.search);
    params.delete(LOGIN_RESULT_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      // The outcome moves to history state: guards of a page that mounts later still see it.
      { replace: true, state: withLoginResultState(location.state, marker), preventScrollReset: true },
    );
  }, [marker, location.pathname, location.search, location.hash, location.state, navigate]);

  const dismiss = useCallback(() => setResult(null), []);
  return { result, dismiss };
}
