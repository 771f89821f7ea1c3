import { Button, Skeleton, Toast } from 'antd-mobile';
import { money, usdt } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@rigshare/ui';
import { errorMessage, useSignInMutation, useSignRecordQuery, useSignStatusQuery } from '../../api/endpoints';
import '../../team.css';

/** The days of a YYYY-MM month as a Monday-first grid (null = a blank cell before the 1st). */
function monthGrid(month: string): (string | null)[] {
  const [year, m] = month.split('-').map(Number);
  const first = new Date(Date.UTC(year, m - 1, 1));
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const blanks = (first.getUTCDay() + 6) % 7;
  return [...Array.from({ length: blanks }, () => null), ...Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`)];
}

function MonthCalendar({ month, today }: { month: string; today: string }) {
  const { t, i18n } = useTranslation('team');
  const { data: record } = useSignRecordQuery(month);
  const signed = new Map((record?.days ?? []).map((d) => [d.day, d]));
  const weekdays = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toLocaleDateString(i18n.language, { weekday: 'narrow', timeZone: 'UTC' }));
  const title = new Date(`${month}-01T00:00:00Z`).toLocaleDateString(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <section className="team-calendar" aria-label={t('sign.calendar', { month: title })}>
      <h2 className="team-section-title">{title}</h2>
      {/* A list of the month's days laid out as a week grid; the weekday letters are decoration. */}
      <ol className="team-calendar__grid">
        {weekdays.map((w, i) => (
          <li key={`w${i}`} className="team-calendar__weekday" aria-hidden="true">
            {w}
          </li>
        ))}
        {monthGrid(month).map((day, i) => {
          if (!day) return <li key={`b${i}`} aria-hidden="true" />;
          const entry = signed.get(day);
          const classes = ['team-calendar__day', entry ? 'team-calendar__day--signed' : '', day === today ? 'team-calendar__day--today' : ''].filter(Boolean).join(' ');
          return (
            <li
              key={day}
              className={classes}
              data-testid={entry ? 'signed-day' : undefined}
              aria-label={entry ? t('sign.signedDay', { day, amount: money(entry.amount) }) : day}
            >
              {Number(day.slice(8))}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** `/index/sign` and `/user/signbonus`: sign in once a day, the streak, the bonus of a day and this month's calendar. */
export default function SignScreen() {
  const { t } = useTranslation('team');
  const { data: status, isError, error, refetch } = useSignStatusQuery();
  const [signIn, { isLoading }] = useSignInMutation();
  if (!status) {
    if (isError) return <LoadFailed title={t('sign.loadError')} message={errorMessage(error)} retry={() => void refetch()} />;
    return (
      <div className="team-screen" aria-busy="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }
  const onSign = async () => {
    try {
      const result = await signIn().unwrap();
      Toast.show({ content: result.status === 'Paid' ? t('sign.paid', { amount: money(result.amount) }) : t('sign.pendingBudget') });
    } catch {
      // The client already showed the server's message (for example "already signed in today").
    }
  };
  return (
    <div className="team-screen">
      <section className="team-summary" data-testid="sign-status">
        <div className="team-reward">
          <div>
            <span>{t('sign.streak')}</span>
            <strong data-testid="sign-streak">{t('sign.days', { count: status.streak })}</strong>
          </div>
          <div>
            <span>{t('sign.bonus')}</span>
            <strong>{usdt(status.bonus)}</strong>
          </div>
        </div>
        <Button color="primary" block loading={isLoading} disabled={status.signedToday} onClick={() => void onSign()} data-testid="sign-in">
          {status.signedToday ? t('sign.done') : t('sign.action')}
        </Button>
        <p className="team-source">{t('sign.source')}</p>
      </section>
      <MonthCalendar month={status.today.slice(0, 7)} today={status.today} />
    </div>
  );
}
