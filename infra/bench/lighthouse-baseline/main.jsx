// The Lighthouse benchmark's baseline: the least a Vite + React 19 single-page app can be (one
// render, no router, no data), so the campus pages are compared with their own toolchain on the
// same machine rather than with an absolute score this slow machine cannot reach.
import { createRoot } from 'react-dom/client';

function BaselinePage() {
  return (
    <main style={{ maxWidth: '40rem', margin: '0 auto', padding: '1rem', fontFamily: 'system-ui, sans-serif', lineHeight: 1.7 }}>
      <h1>比較用の一枚ページ</h1>
      <p>このページは React で一度だけ描かれます。キャンパスの各ページの Lighthouse の点数は、同じ実行で測ったこのページの点数と比べます。</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<BaselinePage />);
