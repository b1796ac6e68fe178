/**
 * /console/committee/enrol: a device enrolled by typing the code instead of scanning it (a camera
 * that will not focus, a code read out over the radio), or opened with `#enrol=<code>`. On success
 * it goes to the regatta's committee app.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { ProblemAlert } from '../../ui/states';
import { codeFromFragment, redeem } from './enrol';
import './committee.css';

export default function Enrol() {
  const { t } = useTranslation('committee');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const go = async (value: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const credential = await redeem(value.trim());
      navigate(`/committee/${encodeURIComponent(credential.eventSlug)}`, { replace: true });
    } catch (cause) {
      setError(cause);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    const fromLink = codeFromFragment(location.hash);
    if (fromLink) void go(fromLink);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <main className="committee narrow" id="main">
      <h1>{t('enrol.deviceTitle')}</h1>
      <LanguageSwitch />
      <p>{t('enrol.deviceExplain')}</p>
      <form onSubmit={(e) => { e.preventDefault(); if (code.trim()) void go(code); }}>
        <div className="field">
          <label htmlFor="enrol-code">{t('enrol.code')}</label>
          <input id="enrol-code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
        </div>
        <button type="submit" disabled={busy}>{t('enrol.redeem')}</button>
      </form>
      <ProblemAlert error={error} ns="committee" />
    </main>
  );
}
