import { Link, Outlet } from 'react-router-dom';
import { AgreementPanel } from '../../features/auth/components/agreement-panel';
import { LoginResultNotice } from '../../features/auth/components/login-result-notice';
import { UserArea } from '../../features/auth/components/user-area';
import { useAgreementState } from '../../features/auth/hooks/use-session';
import { SITE_NAME } from '../site';

export function DefaultLayout() {
  // While the non-dismissable agreement dialog is open, nothing behind it can be reached.
  const { required: agreementOpen } = useAgreementState();
  return (
    <>
      <div className="page" inert={agreementOpen}>
        <a className="skip-link" href="#main">
          本文へスキップ
        </a>
        <header className="site-header">
          <div className="site-header__inner">
            <Link to="/" className="site-name">
              {SITE_NAME}
            </Link>
            <UserArea />
          </div>
        </header>
        <div className="notices">
          <LoginResultNotice />
        </div>
        <main id="main" className="main" tabIndex={-1}>
          <Outlet />
        </main>
        <footer className="site-footer">
          <p>© {SITE_NAME}</p>
        </footer>
      </div>
      <AgreementPanel />
    </>
  );
}
