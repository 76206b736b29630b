import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { useExamStart } from '../hooks/use-exam-start';
import { selectAgreed, selectBusy, selectChecking, selectRunning, selectStarting, type examStartMachine } from '../machines/exam-start.machine';
import './exam.css';
import { PhraseText } from '../../../components/phrase-text';
import { ExamStandingNotice, startIsHeldBack } from './exam-standing-notice';

export interface ExamPolicyViewProps {
  courseSlug: string;
  /** The exam settings (問題数, 制限時間, 合格ライン), as the catalogue shows them. */
  settings: ReactNode;
  retakeWaitHours: number;
  /** The learner's latest attempt as the course detail tells it: no start is offered while it holds one back. */
  standing: Parameters<typeof ExamStandingNotice>[0]['course'];
  loggedIn: boolean;
  hasProfile: boolean;
  /** Tests pass the machine with fakes. */
  logic?: typeof examStartMachine;
}

/** The rules the learner agrees to before the clock starts (our own wording). */
function examRules(retakeWaitHours: number): string[] {
  return [
    '制限時間は試験を開始した時点から計測されます。ページを閉じたり再読み込みしたりしても、時間は止まりません。',
    '解答は選ぶたびに自動で保存されます。通信が途切れたときは端末に一時保存され、通信が戻ると送信されます。',
    '終了時刻になると試験は自動的に終了し、それまでに保存された解答で採点されます。',
    '受験中は、ほかの認定試験を開始できません。中断した試験は、終了時刻まで「続きから受験する」で再開できます。',
    `不合格の場合、次の受験は試験終了から${retakeWaitHours}時間後に可能になります。`,
    '試験問題の複製、転載、第三者への開示はご遠慮ください。解答はご自身で行ってください。',
    '合格すると、スキルバッジと認定証が発行されます。認定証には、プロフィールに登録したお名前が記載されます。',
  ];
}

/** Spec §2 exam policy: settings, rules, agreement and 受験を開始する (or 続きから受験する). */
export function ExamPolicyView({ courseSlug, settings, retakeWaitHours, standing, loggedIn, hasProfile, logic }: ExamPolicyViewProps) {
  const actor = useExamStart(courseSlug, logic);
  const agreed = useSelector(actor, selectAgreed);
  const busy = useSelector(actor, selectBusy);
  const starting = useSelector(actor, selectStarting);
  const checking = useSelector(actor, selectChecking);
  const running = useSelector(actor, selectRunning);
  const rulesId = useId();

  return (
    <div className="exam-policy">
      <section className="exam-policy__section" aria-labelledby={`${rulesId}-settings`}>
        <h2 id={`${rulesId}-settings`}>
          <PhraseText text="試験の概要" />
        </h2>
        {settings}
      </section>
      <section className="exam-policy__section" aria-labelledby={`${rulesId}-rules`}>
        <h2 id={`${rulesId}-rules`}>
          <PhraseText text="受験規約" />
        </h2>
        <ol className="exam-policy__rules">
          {examRules(retakeWaitHours).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </section>
      {running ? (
        <section className="exam-policy__resume notice notice--info" aria-labelledby={`${rulesId}-resume`}>
          <h2 id={`${rulesId}-resume`}>
            <PhraseText text="受験中の試験があります" />
          </h2>
          <p>終了時刻（{formatJapaneseDateTime(running.deadline)}）まで、続きから受験できます。</p>
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'RESUME' })}>
            続きから受験する
          </button>
        </section>
      ) : startIsHeldBack(standing) ? (
        <div className="exam-policy__start">
          <ExamStandingNotice course={standing} />
        </div>
      ) : (
        <div className="exam-policy__start">
          <label className="exam-policy__agree">
            <input
              type="checkbox"
              checked={agreed}
              disabled={busy}
              onChange={(event) => actor.send({ type: 'TOGGLE_AGREE', agreed: event.currentTarget.checked })}
            />
            受験規約に同意する
          </label>
          <button
            type="button"
            className="button button--primary"
            disabled={!agreed || busy || checking}
            aria-busy={starting || undefined}
            onClick={() => actor.send({ type: 'START', loggedIn, hasProfile })}
          >
            受験を開始する
          </button>
        </div>
      )}
    </div>
  );
}
