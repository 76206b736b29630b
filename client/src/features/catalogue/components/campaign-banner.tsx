import type { Campaign } from '@campus/contracts/catalogue';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { formatJapaneseDate } from '@campus/contracts/tokyo-date';
import './home.css';

/**
 * The running campaign. Its body is written as Markdown; the campus shows it as plain paragraphs
 * (one per line) — never as HTML, so nothing in it can run.
 */
export function CampaignBanner({ campaign }: { campaign: Campaign }) {
  const paragraphs = campaign.body
    .split(/\n+/)
    .map((line) => line.replace(/^#+\s*|\*\*|__/g, '').trim())
    .filter(Boolean);
  const internal = campaign.link.startsWith('/');
  return (
    <section className="campaign" aria-labelledby="campaign-title">
      <p className="campaign__eyebrow">キャンペーン</p>
      <h2 id="campaign-title">
        <PhraseText text={campaign.title} />
      </h2>
      <p className="campaign__period">
        期間：{formatJapaneseDate(campaign.startsOn)}〜{formatJapaneseDate(campaign.endsOn)}
      </p>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      {internal ? (
        <Link className="button button--primary" to={campaign.link}>
          詳しく見る
        </Link>
      ) : (
        <a className="button button--primary" href={campaign.link} target="_blank" rel="noopener noreferrer">
          詳しく見る（新しいタブで開きます）
        </a>
      )}
    </section>
  );
}
