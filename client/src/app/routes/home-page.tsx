import { pageTitle } from '../../lib/site';

const SERVICES = [
  { name: 'LINE公式アカウント', text: 'お友だちとつながり、メッセージで集客する方法を学べます。' },
  { name: 'LINE広告', text: '配信の設計から効果の見方まで、広告運用の基本を学べます。' },
  { name: 'Yahoo!広告', text: '検索広告とディスプレイ広告の仕組みと運用を学べます。' },
] as const;

export function HomePage() {
  return (
    <>
      <title>{pageTitle()}</title>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">マーケティングを、無料で学ぼう</h1>
        <p>
          動画やスライドのレッスンで基礎から学び、認定試験に合格するとスキルバッジと認定証を取得できます。
        </p>
      </section>
      <section aria-labelledby="services-title">
        <h2 id="services-title">学べるサービス</h2>
        <ul className="cards">
          {SERVICES.map((service) => (
            <li key={service.name} className="card">
              <h3 className="card__title">{service.name}</h3>
              <p>{service.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
