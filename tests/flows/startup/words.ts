/**
 * The startup machine in a person's words (paths.ts beside it,
 * src/ui/app.tsx): loading the app from a production build (npm start).
 * The served files are dist/config/site.json and dist/version.json.
 */
import type { Words } from '../../paths/plan/words.ts';
import { toast } from '../../paths/words/common.ts';

const NEW_VERSION = '0.1.1+202611181000';

export const startupWords: Words = {
  machine: 'startup',
  title: (w) => w.say('Start-up', '起動'),
  open: (w) =>
    w.say('Open the app’s address (/) in a new tab', '新しいタブでアプリのアドレス（/）を開く'),
  before: (w) => [
    w.say(
      'Build and serve the app (npm start); keep the dist folder at hand to edit its files',
      'アプリをビルドして配信する（npm start）。dist フォルダのファイルを編集できるようにしておく',
    ),
  ],
  events: {
    'window.focus': (w) =>
      w.say(
        'Switch to another window or tab, then back to the app',
        '別のウィンドウかタブに切り替えてから、アプリに戻る',
      ),
  },
  actors: {
    reloadSystemConfig: {
      done: (w) =>
        w.say(
          `To see a change: ${w.console('flags', 'virtualTrading')} (switch it off)`,
          `変化を見るには：${w.console('flags', 'virtualTrading')}（オフにする）`,
        ),
      error: (w) => w.fault('systemConfig', 'status', 500),
    },
    refreshSystemConfig: {
      done: () => '',
      error: (w) => w.fault('systemConfig', 'status', 500),
    },
    loadConfig: {
      done: () => '',
      error: (w) =>
        w.say(
          'Rename dist/config/site.json so it is not found',
          'dist/config/site.json の名前を変えて見つからないようにする',
        ),
    },
    startBackend: {
      done: () => '',
      error: (w) =>
        w.say(
          'In dist/config/site.json set "backend": "live" with no server running',
          'dist/config/site.json で "backend": "live" にし、サーバーを起動しない',
        ),
    },
    loadSystemConfig: {
      done: () => '',
      error: (w) =>
        w.say(
          `Keep a second tab of the app open (the simulator lives on in it); ${w.fault('systemConfig', 'status', 500)}`,
          `アプリの別タブを開いたままにする（シミュレーターが動き続ける）。${w.fault('systemConfig', 'status', 500)}`,
        ),
    },
    checkVersion: {
      done: (w, e) =>
        e.output === NEW_VERSION
          ? w.say(
              'Edit dist/version.json to a newer version (e.g. {"version": "0.1.1"})',
              'dist/version.json を新しいバージョンに書き換える（例 {"version": "0.1.1"}）',
            )
          : e.output === undefined
            ? w.say(
                'Edit dist/version.json to {} (no version in it)',
                'dist/version.json を {} に書き換える（バージョンなし）',
              )
            : '',
      error: (w) => w.say('Delete dist/version.json', 'dist/version.json を削除する'),
    },
  },
  delays: {
    flagsInterval: (w) => w.say('Wait 60 seconds', '60秒待つ'),
  },
  states: {
    'ready.reloadingFlags': (w) =>
      w.say(
        'Nothing changes on screen while the flags are read again',
        'フラグの再取得中も画面は変わらない',
      ),
    'ready.refreshing': (w) =>
      w.say(
        'Nothing changes on screen while the flags and version are read again',
        'フラグとバージョンの再取得中も画面は変わらない',
      ),
    // The site file is read before the simulator (and its console) runs: nothing to hold back.
    loadingConfig: (w) =>
      w.transient(
        w.say(
          'The boot screen (the brand, no content yet)',
          '起動画面（ブランドのみ、内容はまだない）',
        ),
      ),
    configMissing: (w) => w.q('tips.config_404'),
    startingBackend: () => '',
    ready: () => '',
    'ready.loadingFlags': (w) =>
      w.say(
        'The home page shows with its prices; the bottom tabs and anything else a flag decides appear once the flags are read',
        'ホーム画面が価格とともに表示される。下部タブなどフラグで決まるものはフラグの取得後に表示される',
      ),
    'ready.checkingVersion': (w, e) =>
      e.type === 'xstate.error.actor.loadSystemConfig'
        ? w.say(
            `${toast(w, w.t('tips.server500'))}; the home page shows anyway`,
            `${toast(w, w.t('tips.server500'))}。それでもホーム画面が表示される`,
          )
        : w.say('The home page shows', 'ホーム画面が表示される'),
    'ready.current': (w) => w.say('The home page stays as it is', 'ホーム画面はそのまま'),
    'ready.outdated': (w) =>
      w.say(
        'The page loads again once, from /, with the new build',
        '新しいビルドで / からページが一度だけ再読み込みされる',
      ),
  },
  names: {
    loadingConfig: ['Loading the settings', '設定を読み込み中'],
    configMissing: ['Settings missing', '設定なし'],
    startingBackend: ['Starting the simulator', 'シミュレーターを起動中'],
    ready: ['App running', 'アプリ起動済み'],
    'ready.loadingFlags': ['Loading the flags', 'フラグを読み込み中'],
    'ready.checkingVersion': ['Checking the version', 'バージョンを確認中'],
    'ready.current': ['Up to date', '最新版'],
    'ready.reloadingFlags': ['Reloading the flags', 'フラグを再読み込み中'],
    'ready.refreshing': ['Checking for updates', '更新を確認中'],
    'ready.outdated': ['Update available', '更新あり'],
  },
  titles: {
    'loadingConfig|xstate.error.actor.loadConfig|0': (w) =>
      w.say('The site file is missing', 'サイトファイルがない'),
    'startingBackend|xstate.error.actor.startBackend|0': (w) =>
      w.say('The back end does not start', 'バックエンドが起動しない'),
    'ready.loadingFlags|xstate.error.actor.loadSystemConfig|0': (w) =>
      w.say('The system config cannot be read', 'システム設定を取得できない'),
    'ready.checkingVersion|xstate.done.actor.checkVersion|0': (w) =>
      w.say('A new version was deployed', '新しいバージョンがデプロイされた'),
    'ready.checkingVersion|xstate.done.actor.checkVersion|1': (w) =>
      w.say('Start-up with the current version', '現行バージョンで起動'),
    'ready.checkingVersion|xstate.error.actor.checkVersion|0': (w) =>
      w.say('No version file', 'バージョンファイルがない'),
  },
};
