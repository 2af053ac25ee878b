package scalecorpus

// The word lists the generator draws from. They are small on purpose: a
// large documentation folder repeats a project's vocabulary in many
// combinations, which is what makes common terms common and rare ones rare.

var components = []string{
	"cache", "scheduler", "indexer", "parser", "router", "gateway", "queue", "worker",
	"session", "token", "ledger", "planner", "resolver", "watcher", "exporter", "importer",
	"allocator", "balancer", "broker", "collector", "compactor", "dispatcher", "encoder",
	"decoder", "fetcher", "journal", "limiter", "locker", "migrator", "notifier", "profiler",
	"registry", "replicator", "sampler", "serializer", "snapshotter", "supervisor", "tracer",
	"validator", "verifier", "archiver", "auditor", "billing", "catalog", "checkout",
	"inventory", "payment", "pricing", "search", "shipping",
}

var verbs = []string{
	"handles", "retries", "validates", "batches", "caches", "streams", "rejects", "logs",
	"compresses", "encrypts", "forwards", "merges", "splits", "throttles", "persists",
	"replays", "drops", "signs", "checks", "schedules", "orders", "deduplicates", "indexes",
	"rotates", "expires", "refreshes", "publishes", "subscribes to", "acknowledges", "reconciles",
}

var objects = []string{
	"requests", "responses", "events", "messages", "records", "segments", "pages", "rows",
	"tokens", "credentials", "certificates", "snapshots", "checkpoints", "partitions",
	"shards", "replicas", "leases", "locks", "timeouts", "deadlines", "quotas", "metrics",
	"traces", "spans", "headers", "payloads", "batches", "manifests", "schemas", "migrations",
	"invoices", "orders", "carts", "refunds", "webhooks", "notifications", "attachments",
	"thumbnails", "sessions", "cookies",
}

var conditions = []string{
	"the upstream service is slow", "a node restarts", "the disk is full", "the network splits",
	"a client reconnects", "the clock drifts", "the queue is empty", "memory runs low",
	"a deploy is in progress", "the leader changes", "a request times out", "the schema changes",
	"two writers race", "the cache is cold", "a shard moves", "credentials expire",
	"the payload is too large", "a retry storm starts", "the index is rebuilt", "traffic spikes",
}

var adjectives = []string{
	"bounded", "idempotent", "ordered", "durable", "eventual", "strict", "lazy", "eager",
	"optimistic", "pessimistic", "incremental", "atomic", "sharded", "replicated", "cached",
	"versioned", "signed", "compressed", "encrypted", "throttled",
}

var headings = []string{
	"Overview", "Motivation", "Design", "Data model", "Failure handling", "Retries",
	"Configuration", "Metrics", "Security", "Performance", "Limits", "Migration",
	"Open questions", "Alternatives considered", "Testing", "Rollout", "Operations",
	"Troubleshooting", "API", "Examples", "Glossary", "Consistency", "Capacity", "Timeouts",
}

var fillers = []string{
	"In practice this means that", "As a rule", "For example", "Note that", "By design",
	"In the common case", "Under load", "At start-up", "During a rollout", "Historically",
}

// Japanese: technical nouns (as written in Japanese documentation), verbs
// in plain form, and section headings.
var componentsJA = []string{
	"キャッシュ", "スケジューラ", "インデクサ", "パーサ", "ルータ", "ゲートウェイ", "キュー",
	"ワーカー", "セッション", "トークン", "台帳", "計画器", "リゾルバ", "監視", "書き出し",
	"取り込み", "割り当て", "負荷分散", "仲介", "収集", "圧縮器", "配送", "符号化", "復号",
	"検索", "決済", "在庫", "請求", "配送管理", "認証",
}

var objectsJA = []string{
	"要求", "応答", "イベント", "メッセージ", "記録", "セグメント", "ページ", "行", "資格情報",
	"証明書", "スナップショット", "チェックポイント", "パーティション", "シャード", "レプリカ",
	"ロック", "タイムアウト", "期限", "割当量", "指標", "ヘッダ", "ペイロード", "注文", "返金",
	"通知", "添付ファイル", "設定", "索引", "障害", "再試行",
}

var verbsJA = []string{
	"処理する", "検証する", "再試行する", "まとめる", "保存する", "転送する", "統合する",
	"分割する", "制限する", "記録する", "圧縮する", "暗号化する", "破棄する", "署名する",
	"確認する", "更新する", "公開する", "照合する", "並べ替える", "削除する",
}

var conditionsJA = []string{
	"上流のサービスが遅いとき", "ノードが再起動したとき", "ディスクが満杯のとき",
	"ネットワークが分断されたとき", "クライアントが再接続したとき", "時計がずれたとき",
	"キューが空のとき", "メモリが不足したとき", "デプロイ中", "リーダーが交代したとき",
	"要求がタイムアウトしたとき", "スキーマが変わったとき", "書き込みが競合したとき",
	"キャッシュが冷えているとき", "トラフィックが急増したとき",
}

var headingsJA = []string{
	"概要", "動機", "設計", "データモデル", "障害時の動作", "再試行", "設定", "指標",
	"セキュリティ", "性能", "制限", "移行", "未解決の問題", "検討した代替案", "テスト",
	"展開", "運用", "トラブルシューティング", "例", "用語集",
}

var docTypes = []string{"spec", "design", "adr", "guide", "api", "meeting", "todo", "other"}
