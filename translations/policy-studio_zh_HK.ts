<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_HK">
<context>
    <name>ChangeReview</name>
    <message>
        <source>Written to the database, all in one transaction:</source>
        <translation>寫入數據庫的內容，全部在同一個交易中完成：</translation>
    </message>
    <message>
        <source>route (%1): %2</source>
        <extracomment>%1: the scenario the Timeline shows, %2: what the edit does to the route in it</extracomment>
        <translation>路由（%1）：%2</translation>
    </message>
</context>
<context>
    <name>DatabaseWrites</name>
    <message>
        <source>profile %1</source>
        <translation>設定檔 %1</translation>
    </message>
    <message>
        <source>profile %1 (%2)</source>
        <translation>設定檔 %1（%2）</translation>
    </message>
    <message>
        <source>version %1 becomes %2</source>
        <translation>版本 %1 變為 %2</translation>
    </message>
    <message>
        <source>written as a new profile</source>
        <translation>作為新設定檔寫入</translation>
    </message>
    <message>
        <source>this kandev keeps no route state</source>
        <translation>此 kandev 不記錄路由狀態</translation>
    </message>
    <message>
        <source>the routes running now could not be read (%1)</source>
        <translation>無法讀取目前正在執行的路由（%1）</translation>
    </message>
    <message>
        <source>no route is running under it</source>
        <translation>沒有路由在其下執行</translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running, none waiting for a deadline: each meets the new policy at its next failure</source>
        <translation>
            <numerusform>%n 條路由正在執行，沒有一條在等待期限：每條路由都會在下次失敗時套用新策略</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running</source>
        <translation>
            <numerusform>%n 條路由正在執行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting under the old policy: their scheduled deadlines stay, their next failure uses the new one</source>
        <translation>
            <numerusform>%n 條在舊策略下等待：已排定的期限保持不變，下次失敗時使用新策略</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2; %3.</source>
        <translation>%1：%2；%3。</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>clauses</comment>
        <extracomment>two clauses of one sentence: &quot;3 routes running, 1 waiting under the old policy: ...&quot;</extracomment>
        <translation>%1，%2</translation>
    </message>
</context>
<context>
    <name>DiffText</name>
    <message>
        <source>no differences</source>
        <translation>沒有差異</translation>
    </message>
    <message>
        <source>(document)</source>
        <translation>（文件）</translation>
    </message>
    <message>
        <source>profile %1 added:</source>
        <translation>已新增設定檔 %1：</translation>
    </message>
    <message>
        <source>profile %1 (%2) added:</source>
        <translation>已新增設定檔 %1（%2）：</translation>
    </message>
    <message>
        <source>profile %1 removed:</source>
        <translation>已移除設定檔 %1：</translation>
    </message>
    <message>
        <source>profile %1 (%2) removed:</source>
        <translation>已移除設定檔 %1（%2）：</translation>
    </message>
    <message>
        <source>profile %1:</source>
        <translation>設定檔 %1：</translation>
    </message>
    <message>
        <source>profile %1 (%2):</source>
        <translation>設定檔 %1（%2）：</translation>
    </message>
    <message>
        <source>name &quot;%1&quot; -&gt; &quot;%2&quot;</source>
        <translation>名稱「%1」→「%2」</translation>
    </message>
    <message>
        <source>profile enabled (was disabled)</source>
        <translation>設定檔已啓用（原為停用）</translation>
    </message>
    <message>
        <source>profile disabled (was enabled): kandev no longer offers it for new tasks</source>
        <translation>設定檔已停用（原為啓用）：kandev 不再為新任務提供此設定檔</translation>
    </message>
    <message>
        <source>candidate %1 added at %2</source>
        <translation>已在位置 %2 新增候選設定檔 %1</translation>
    </message>
    <message>
        <source>candidate %1 removed from %2</source>
        <translation>已從位置 %2 移除候選設定檔 %1</translation>
    </message>
    <message>
        <source>candidate %1 moved from %2 to %3</source>
        <translation>候選設定檔 %1 已從位置 %2 移至 %3</translation>
    </message>
    <message>
        <source>candidate %1</source>
        <translation>候選設定檔 %1</translation>
    </message>
    <message>
        <source>cannot compare: %1</source>
        <translation>無法比較：%1</translation>
    </message>
    <message>
        <source>true</source>
        <comment>a switch&apos;s value: on</comment>
        <translation>是</translation>
    </message>
    <message>
        <source>false</source>
        <comment>a switch&apos;s value: off</comment>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>ErrorTrial</name>
    <message>
        <source>Paste an error to see how it is classified.</source>
        <translation>貼上錯誤，查看它會如何被分類。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br/&gt;%3 · rule &lt;code&gt;%4&lt;/code&gt; · %5 · confidence %6 · scope %7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br/&gt;%3 · 規則 &lt;code&gt;%4&lt;/code&gt; · %5 · 可信度 %6 · 範圍 %7</translation>
    </message>
    <message>
        <source>kandev&apos;s own rules say &lt;code&gt;%1&lt;/code&gt; here; this catalogue differs on purpose (see the README).</source>
        <translation>kandev 本身的規則在此會得出 &lt;code&gt;%1&lt;/code&gt;；此目錄刻意與其不同（請參閱 README）。</translation>
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation>「%1」（%2）</translation>
    </message>
    <message>
        <source>Reset hint from %1: in %2 (trusted)</source>
        <translation>來自 %1 的重設提示：%2 後（可信）</translation>
    </message>
    <message>
        <source>Reset hint from %1: not trusted (%2)</source>
        <translation>來自 %1 的重設提示：不可信（%2）</translation>
    </message>
    <message>
        <source>No reset hint.</source>
        <translation>沒有重設提示。</translation>
    </message>
    <message>
        <source>Only the first 16 KiB and 64 headers were read.</source>
        <translation>僅讀取了前 16 KiB 內容和 64 個標頭。</translation>
    </message>
    <message>
        <source>Select a candidate to see its decision.</source>
        <translation>選擇一個候選設定檔以查看其決定。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>The pasted error, every attempt</source>
        <translation>貼上的錯誤，每次嘗試皆相同</translation>
    </message>
</context>
<context>
    <name>FileText</name>
    <message>
        <source>a directory</source>
        <translation>目錄</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>FIFO（具名管道）</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>字元裝置</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>區塊裝置</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>通訊端</translation>
    </message>
    <message>
        <source>a symbolic link</source>
        <translation>符號連結</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>不是一般檔案</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1：檔案不存在</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>%2: the operating system&apos;s reason, as it gave it</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: is %2, not a regular file; documents are read only from regular files</source>
        <translation>%1：是%2，不是一般檔案；只能從一般檔案讀取文件</translation>
    </message>
    <message>
        <source>%1: the file is %2; documents are limited to %3</source>
        <translation>%1：檔案大小為 %2；文件上限為 %3</translation>
    </message>
    <message>
        <source>%1: no space left on the device that holds it; nothing was written</source>
        <translation>%1：所在裝置已無可用空間；未寫入任何內容</translation>
    </message>
    <message>
        <source>%1: the disk quota is exhausted; nothing was written</source>
        <translation>%1：磁碟配額已用盡；未寫入任何內容</translation>
    </message>
    <message>
        <source>%1: permission denied; nothing was written</source>
        <translation>%1：權限被拒；未寫入任何內容</translation>
    </message>
    <message>
        <source>%1: the file system is read-only; nothing was written</source>
        <translation>%1：檔案系統為只讀；未寫入任何內容</translation>
    </message>
    <message>
        <source>%1: %2; nothing was written</source>
        <translation>%1：%2；未寫入任何內容</translation>
    </message>
</context>
<context>
    <name>KandevText</name>
    <message>
        <source>%1: backup failed, nothing was written: %2</source>
        <translation>%1：備份失敗，未寫入任何內容：%2</translation>
    </message>
    <message>
        <source>%1: backup to %2 failed, nothing was written: %3</source>
        <translation>%1：備份到 %2 失敗，未寫入任何內容：%3</translation>
    </message>
    <message>
        <source>backup failed, nothing was written: %1</source>
        <translation>備份失敗，未寫入任何內容：%1</translation>
    </message>
    <message>
        <source>%1: no such database file</source>
        <translation>%1：數據庫檔案不存在</translation>
    </message>
    <message>
        <source>not a PostgreSQL URL (postgres://user:password@host:port/database)</source>
        <translation>不是 PostgreSQL URL（postgres://用戶:密碼@主機:連接埠/數據庫）</translation>
    </message>
    <message>
        <source>no database given</source>
        <translation>未指定數據庫</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_PATH is not set</source>
        <translation>未設定 KANDEV_DATABASE_PATH</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_DRIVER must be sqlite or postgres, not &apos;%1&apos;</source>
        <translation>KANDEV_DATABASE_DRIVER 必須是 sqlite 或 postgres，而不是「%1」</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_PORT must be a port number from 1 to 65535, not &apos;%1&apos;</source>
        <translation>KANDEV_DATABASE_PORT 必須是 1 至 65535 之間的連接埠號碼，而不是「%1」</translation>
    </message>
    <message>
        <source>%1 (reading the live routes)</source>
        <translation>%1（讀取即時路由時）</translation>
    </message>
    <message>
        <source>%1 is not a kandev database: it has no %2 table (kandev&apos;s are agents, agent_profiles, dynamic_agent_profiles and dynamic_agent_routes)</source>
        <translation>%1 不是 kandev 數據庫：缺少 %2 表（kandev 的代理程式與設定檔表為 agents、agent_profiles、dynamic_agent_profiles 和 dynamic_agent_routes）</translation>
    </message>
    <message>
        <source>%1: %2 (did kandev&apos;s tables change since they were read?); nothing was written</source>
        <translation>%1：%2（讀取後 kandev 的表是否已更改？）；未寫入任何內容</translation>
    </message>
    <message>
        <source>%1: %2; nothing was written</source>
        <translation>%1：%2；未寫入任何內容</translation>
    </message>
    <message>
        <source>profile &quot;%1&quot;: its agent profile row was changed or deleted in the database since it was read; nothing was written, reload and review again</source>
        <translation>設定檔「%1」：讀取後，其代理程式設定檔資料列已在數據庫中被更改或刪除；未寫入任何內容，請重新載入並再次審閱</translation>
    </message>
    <message>
        <source>%1 has no agent named &quot;%2&quot; (kandev&apos;s built-in dynamic agent, which kandev adds when dynamic routing is on); nothing was written</source>
        <translation>%1 中沒有名為「%2」的代理程式（kandev 內建的動態代理程式，啓用動態路由時由 kandev 新增）；未寫入任何內容</translation>
    </message>
    <message>
        <source>profile &quot;%1&quot;: its routes were changed in the database since it was read (without a version change); nothing was written, reload and review again</source>
        <translation>設定檔「%1」：讀取後，其路由已在數據庫中被更改（版本未變）；未寫入任何內容，請重新載入並再次審閱</translation>
    </message>
    <message>
        <source>%1 is not the database that was read (%2); nothing was written, open it again</source>
        <translation>%1 不是之前讀取的數據庫（%2）；未寫入任何內容，請重新開啟</translation>
    </message>
    <message>
        <source>the file at that path was replaced</source>
        <translation>該路徑上的檔案已被替換</translation>
    </message>
    <message>
        <source>another server or database answers there</source>
        <translation>該處由另一個伺服器或數據庫回應</translation>
    </message>
    <message>
        <source>profile &quot;%1&quot; was changed in the database since it was read (version %2 expected); nothing was written, reload and review again</source>
        <translation>設定檔「%1」在讀取後已在數據庫中被更改（應為版本 %2）；未寫入任何內容，請重新載入並再次審閱</translation>
    </message>
    <message>
        <source>%1 is locked: another connection is writing to it (%2); nothing was read, try again when it is done</source>
        <translation>%1 已被鎖定：另一個連線正在寫入（%2）；未讀取任何內容，請在其完成後重試</translation>
    </message>
</context>
<context>
    <name>MigrationReview</name>
    <message>
        <source>Dynamic profile</source>
        <translation>動態設定檔</translation>
    </message>
    <message>
        <source>Profile %1</source>
        <translation>設定檔 %1</translation>
    </message>
    <message>
        <source>kandev&apos;s Go backend applies rules in sorted key order and would use &lt;code&gt;%1&lt;/code&gt; for %2 (%3). Policy Studio follows the documented rule: &lt;code&gt;%4&lt;/code&gt; wins (%5).</source>
        <translation>kandev 的 Go 後端按排序後的鍵順序套用規則，對%2會使用 &lt;code&gt;%1&lt;/code&gt;（%3）。Policy Studio 遵循文件記載的規則：&lt;code&gt;%4&lt;/code&gt; 優先（%5）。</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>已啓用</translation>
    </message>
    <message>
        <source>disabled: the route skips it</source>
        <translation>已停用：路由會略過它</translation>
    </message>
    <message>
        <source>Legacy rules</source>
        <translation>舊版規則</translation>
    </message>
    <message>
        <source>Becomes</source>
        <translation>變為</translation>
    </message>
    <message>
        <source>&lt;i&gt;No rules and no policies.&lt;/i&gt;</source>
        <translation>&lt;i&gt;沒有規則，也沒有策略。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;Cannot be migrated.&lt;/i&gt;</source>
        <translation>&lt;i&gt;無法遷移。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>try the next candidate</source>
        <translation>嘗試下一個候選設定檔</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>retry the same candidate</source>
        <translation>重試同一候選設定檔</translation>
    </message>
    <message>
        <source>Gets the default: no wait, no retry, skip, for both classes.</source>
        <translation>使用預設值：兩個類別都不等待、不重試，直接略過。</translation>
    </message>
    <message>
        <source>Written &lt;code&gt;&quot;%1&quot;&lt;/code&gt; → &lt;code&gt;&quot;%2&quot;&lt;/code&gt;; read, as kandev reads it, with the white space around it trimmed.</source>
        <translation>寫作 &lt;code&gt;&quot;%1&quot;&lt;/code&gt; → &lt;code&gt;&quot;%2&quot;&lt;/code&gt;；按 kandev 的讀法讀取，即去掉前後的空白。</translation>
    </message>
    <message>
        <source>The per-code rule &lt;code&gt;%1&lt;/code&gt; wins over it for its class.</source>
        <translation>在其類別中，按代碼設定的規則 &lt;code&gt;%1&lt;/code&gt; 優先於它。</translation>
    </message>
    <message>
        <source>&lt;code&gt;%1&lt;/code&gt; becomes %2 — kandev&apos;s documented mapping.</source>
        <translation>&lt;code&gt;%1&lt;/code&gt; 變為「%2」——kandev 文件記載的對應關係。</translation>
    </message>
    <message>
        <source>No rule covers %1; they get the default (no wait, no retry, skip).</source>
        <translation>沒有規則涵蓋%1；這些錯誤使用預設值（不等待、不重試、略過）。</translation>
    </message>
    <message>
        <source>In profile %1, candidate %2. %3: settle its rules in kandev.</source>
        <translation>位於設定檔 %1 的候選設定檔 %2。%3：請在 kandev 中釐清其規則。</translation>
    </message>
    <message>
        <source>Field: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>欄位：&lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>show line %1 of the file</source>
        <translation>顯示檔案第 %1 行</translation>
    </message>
    <message>
        <source>Choose the rule that decides %1 (the others are removed; Undo brings them back):</source>
        <translation>選擇決定%1的規則（其他規則會被移除；撤銷即可還原）：</translation>
    </message>
    <message>
        <source>transient and hard errors</source>
        <translation>暫時性錯誤和硬錯誤</translation>
    </message>
    <message>
        <source>&lt;code&gt;%1&lt;/code&gt; covers %2 and means: %3.</source>
        <translation>&lt;code&gt;%1&lt;/code&gt; 涵蓋%2，意思是：%3。</translation>
    </message>
</context>
<context>
    <name>PolicyText</name>
    <message>
        <source>0 s</source>
        <translation>0 秒</translation>
    </message>
    <message>
        <source>%1 d</source>
        <extracomment>duration parts: days, hours, minutes, seconds</extracomment>
        <translation>%1 日</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小時</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分鐘</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>skip</source>
        <translation>略過</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>no outcome</source>
        <translation>無結果</translation>
    </message>
    <message>
        <source>wait up to %1</source>
        <translation>最多等待 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n retries from %1</source>
        <translation>
            <numerusform>%n 次重試（由 %1 起）</numerusform>
        </translation>
    </message>
    <message>
        <source>stop immediately</source>
        <translation>立即停止</translation>
    </message>
    <message>
        <source>skip immediately</source>
        <translation>立即略過</translation>
    </message>
    <message>
        <source>no outcome set</source>
        <translation>未設定結果</translation>
    </message>
    <message>
        <source>%1, then %2</source>
        <extracomment>%1: what is tried, %2: skip or stop</extracomment>
        <translation>%1，然後%2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Transient: %1 · Hard: %2</source>
        <translation>暫時性錯誤：%1 · 硬錯誤：%2</translation>
    </message>
    <message>
        <source>No retries: the first failure goes straight to the outcome.</source>
        <translation>不重試：第一次失敗即直接套用結果。</translation>
    </message>
    <message>
        <source>No schedule until the retry values above are within their limits.</source>
        <translation>上方的重試值符合限制之前，不會顯示排程。</translation>
    </message>
    <message>
        <source>Retries after %1, then %2.</source>
        <translation>重試間隔：%1，然後%2。</translation>
    </message>
    <message numerus="yes">
        <source>%n retries: %1 attempts in all, up to %2 of waiting.</source>
        <translation>
            <numerusform>%n 次重試：共 %1 次嘗試，最多等待 %2。</numerusform>
        </translation>
    </message>
    <message>
        <source>Delays stop growing at the %1 cap.</source>
        <translation>延遲達到 %1 上限後停止增長。</translation>
    </message>
    <message>
        <source>Transient errors</source>
        <translation>暫時性錯誤</translation>
    </message>
    <message>
        <source>Hard errors</source>
        <translation>硬錯誤</translation>
    </message>
    <message>
        <source>Unclassified errors</source>
        <translation>未分類錯誤</translation>
    </message>
    <message>
        <source>transient errors</source>
        <extracomment>the class inside a sentence (&quot;retries for transient errors of X&quot;); German keeps the noun&apos;s capital</extracomment>
        <translation>暫時性錯誤</translation>
    </message>
    <message>
        <source>hard errors</source>
        <translation>硬錯誤</translation>
    </message>
    <message>
        <source>unclassified errors</source>
        <translation>未分類錯誤</translation>
    </message>
    <message>
        <source>The provider, the network or the model is briefly unable to serve. These usually clear on their own within seconds or minutes.</source>
        <translation>供應商、網絡或模型短時間內無法提供服務。這類錯誤通常會在數秒或數分鐘內自行消除。</translation>
    </message>
    <message>
        <source>The account, subscription, quota, credentials, configuration or model needs a long reset or a person. Retrying soon rarely helps; a trusted reset time can.</source>
        <translation>帳戶、訂閱、配額、憑證、設定或模型需要較長時間才會重設，或需要人手處理。短時間內重試很少奏效；可信的重設時間則有幫助。</translation>
    </message>
    <message>
        <source>Anything the catalogue does not know. It always stops automatic recovery.</source>
        <translation>目錄無法識別的任何錯誤。此類錯誤總會停止自動恢復。</translation>
    </message>
    <message>
        <source>For example: %1.</source>
        <translation>例如：%1。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>Never in either class: unknown (unclassified) errors, task, repository, permission or tool errors, and any error after the agent produced output or used a tool. Those always stop for a person, so that no work runs twice.</source>
        <translation>不屬於任何一個類別：未知（未分類）錯誤，任務、儲存庫、權限或工具錯誤，以及代理程式已產生輸出或使用工具後發生的任何錯誤。這些錯誤總會停止並等待手動恢復，以免工作重複執行。</translation>
    </message>
    <message>
        <source>A route moves to the next candidate only after a classified provider error, and only when that candidate&apos;s policy for the class says skip once its retries are used up: transient errors (rate limits, overload, capacity, network, provider outages) and hard errors (quota, subscription, credentials, configuration, unavailable models).</source>
        <translation>只有在發生已分類的供應商錯誤，而且該候選設定檔對該類別的策略規定在重試用完後略過時，路由才會轉到下一個候選設定檔：暫時性錯誤（速率限制、過載、容量、網絡、供應商中斷）和硬錯誤（配額、訂閱、憑證、設定、模型不可用）。</translation>
    </message>
    <message>
        <source>It never switches for an unclassified error (unknown, task, repository, permission or tool errors) nor for any error after the agent produced output or used a tool: those stop for a person, so that no work runs twice.</source>
        <translation>遇到未分類錯誤（未知、任務、儲存庫、權限或工具錯誤），或代理程式已產生輸出或使用工具後發生的任何錯誤時，路由從不切換：這些情況會停止並等待手動恢復，以免工作重複執行。</translation>
    </message>
    <message>
        <source>After a provider fails, kandev pauses it for one minute, or until the reset time it reported, and then lets a single health probe through before any route uses it again.</source>
        <translation>供應商失敗後，kandev 會將其暫停 1 分鐘，或暫停至其回報的重設時間，然後在任何路由再次使用它之前，先放行一次健康探測。</translation>
    </message>
    <message>
        <source>Waiting for a reset happens at most once per candidate and class in a route cycle, only for a trusted reset time within the maximum wait, and it does not use up a retry: after the wait, kandev tries the candidate once more before its retries apply.</source>
        <translation>在一個路由週期中，每個候選設定檔和類別最多只會等待重設一次，而且只適用於不超過最大等待時間的可信重設時間；等待不會佔用重試次數：等待結束後，kandev 會先再嘗試該候選設定檔一次，然後才套用其重試。</translation>
    </message>
    <message>
        <source>network unavailable</source>
        <translation>網絡不可用</translation>
    </message>
    <message>
        <source>provider unavailable</source>
        <translation>供應商不可用</translation>
    </message>
    <message>
        <source>provider overloaded</source>
        <translation>供應商過載</translation>
    </message>
    <message>
        <source>model at capacity</source>
        <translation>模型容量已滿</translation>
    </message>
    <message>
        <source>short rate limit</source>
        <translation>短暫速率限制</translation>
    </message>
    <message>
        <source>agent connection lost</source>
        <translation>代理程式連接中斷</translation>
    </message>
    <message>
        <source>sign-in required</source>
        <translation>需要登入</translation>
    </message>
    <message>
        <source>missing API key</source>
        <translation>缺少 API 金鑰</translation>
    </message>
    <message>
        <source>subscription or billing required</source>
        <translation>需要訂閱或付款</translation>
    </message>
    <message>
        <source>quota or spend limit reached</source>
        <translation>已達配額或消費上限</translation>
    </message>
    <message>
        <source>model not available</source>
        <translation>模型不可用</translation>
    </message>
    <message>
        <source>provider not configured</source>
        <translation>供應商未設定</translation>
    </message>
    <message>
        <source>unknown provider error</source>
        <translation>未知的供應商錯誤</translation>
    </message>
    <message>
        <source>agent runtime error</source>
        <translation>代理程式執行時錯誤</translation>
    </message>
    <message>
        <source>task error</source>
        <translation>任務錯誤</translation>
    </message>
    <message>
        <source>repository error</source>
        <translation>儲存庫錯誤</translation>
    </message>
    <message>
        <source>permission denied by the user</source>
        <translation>用戶拒絕了權限</translation>
    </message>
    <message>
        <source>corrupted resume state</source>
        <translation>續接狀態已損壞</translation>
    </message>
    <message>
        <source>corrupted npx cache</source>
        <translation>npx 快取已損壞</translation>
    </message>
    <message>
        <source>agent package version not found by npm</source>
        <translation>npm 找不到代理程式套件版本</translation>
    </message>
    <message>
        <source>Must be between %1 and %2 (found %3).</source>
        <translation>必須介於 %1 與 %2 之間（目前為 %3）。</translation>
    </message>
    <message>
        <source>Must be 0 while this section is off (found %1).</source>
        <translation>此部分關閉時必須為 0（目前為 %1）。</translation>
    </message>
    <message>
        <source>Choose what happens when recovery is exhausted.</source>
        <translation>選擇恢復操作耗盡後的處理方式。</translation>
    </message>
    <message>
        <source>Unsupported policy version %1; this editor supports %2.</source>
        <translation>不支援的策略版本 %1；此編輯器支援 %2。</translation>
    </message>
    <message>
        <source>A dynamic profile needs at least one candidate.</source>
        <translation>動態設定檔至少需要一個候選設定檔。</translation>
    </message>
    <message>
        <source>Candidate %1 carries position %2; positions are renumbered on save.</source>
        <translation>候選設定檔 %1 的位置為 %2；儲存時會重新編號。</translation>
    </message>
    <message>
        <source>The candidate does not name an agent profile.</source>
        <translation>此候選設定檔沒有指定代理程式設定檔。</translation>
    </message>
    <message>
        <source>The candidate has both policies and legacy rules.</source>
        <translation>此候選設定檔同時有策略和舊版規則。</translation>
    </message>
    <message>
        <source>Candidate %1 already names this agent profile; kandev refuses a route that names a profile twice.</source>
        <translation>候選設定檔 %1 已指定此代理程式設定檔；kandev 會拒絕重複指定同一設定檔的路由。</translation>
    </message>
    <message>
        <source>Profile name is required.</source>
        <translation>設定檔名稱為必填項。</translation>
    </message>
    <message>
        <source>The candidate is this dynamic profile itself; kandev refuses a profile as its own candidate.</source>
        <translation>此候選設定檔就是這個動態設定檔本身；kandev 不接受設定檔作為自身的候選設定檔。</translation>
    </message>
    <message>
        <source>Agent profile %1 is not in this file; kandev refuses a candidate whose profile does not exist.</source>
        <translation>代理程式設定檔 %1 不在此檔案中；kandev 會拒絕設定檔不存在的候選設定檔。</translation>
    </message>
    <message>
        <source>Agent profile %1 is deleted; kandev refuses it as a candidate.</source>
        <translation>代理程式設定檔 %1 已刪除；kandev 不接受它作為候選設定檔。</translation>
    </message>
    <message>
        <source>Agent profile %1 has no agent; kandev refuses a profile without an agent.</source>
        <translation>代理程式設定檔 %1 沒有代理程式；kandev 會拒絕沒有代理程式的設定檔。</translation>
    </message>
    <message>
        <source>Agent profile %1 is a dynamic profile; kandev refuses dynamic profiles as candidates.</source>
        <translation>代理程式設定檔 %1 是動態設定檔；kandev 不接受動態設定檔作為候選設定檔。</translation>
    </message>
    <message>
        <source>Agent profile %1 is an Office profile (it has a workspace or a role); kandev refuses Office profiles as candidates.</source>
        <translation>代理程式設定檔 %1 是辦公室設定檔（它有工作區或角色）；kandev 不接受辦公室設定檔作為候選設定檔。</translation>
    </message>
    <message>
        <source>Agent profile %1 has automatic fallback; kandev refuses such profiles as candidates.</source>
        <translation>代理程式設定檔 %1 啓用了自動後備；kandev 不接受這類設定檔作為候選設定檔。</translation>
    </message>
    <message>
        <source>Agent profile %1 is disabled; a disabled profile cannot be a candidate.</source>
        <translation>代理程式設定檔 %1 已停用；已停用的設定檔不能作為候選設定檔。</translation>
    </message>
    <message>
        <source>Warning: kandev may refuse agent profile %1: its agent %2 is not one of the inference agents kandev of %3 knows.</source>
        <extracomment>%3 is the date of the kandev release whose list of agents this build knows</extracomment>
        <translation>警告：kandev 可能會拒絕代理程式設定檔 %1：其代理程式 %2 不在 %3 版 kandev 已知的推理代理程式之列。</translation>
    </message>
    <message>
        <source>this profile itself</source>
        <translation>此設定檔本身</translation>
    </message>
    <message>
        <source>already in the route</source>
        <translation>已在路由中</translation>
    </message>
    <message>
        <source>not in this file</source>
        <translation>不在此檔案中</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已刪除</translation>
    </message>
    <message>
        <source>no agent</source>
        <translation>沒有代理程式</translation>
    </message>
    <message>
        <source>a dynamic profile</source>
        <translation>動態設定檔</translation>
    </message>
    <message>
        <source>an Office profile</source>
        <translation>辦公室設定檔</translation>
    </message>
    <message>
        <source>automatic fallback</source>
        <translation>自動後備</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>已停用</translation>
    </message>
    <message>
        <source>agent %1 may not be launchable</source>
        <translation>代理程式 %1 可能無法啓動</translation>
    </message>
    <message>
        <source>Legacy rules cannot be migrated: %1</source>
        <translation>舊版規則無法遷移：%1</translation>
    </message>
    <message>
        <source>Wait %1 for the provider&apos;s reset, then try this candidate once more; if that fails too: %2.</source>
        <translation>等待供應商重設 %1，然後再嘗試此候選設定檔一次；如果仍然失敗：%2。</translation>
    </message>
    <message>
        <source>Retry %1 of this candidate after %2; when retries run out: %3.</source>
        <translation>在 %2 後第 %1 次重試此候選設定檔；重試用完後：%3。</translation>
    </message>
    <message>
        <source>Skip to the next candidate now.</source>
        <translation>立即略過並轉到下一個候選設定檔。</translation>
    </message>
    <message>
        <source>Stop: this candidate&apos;s policies are invalid, and invalid settings never authorize work.</source>
        <translation>停止：此候選設定檔的策略無效，而無效的設定從不允許執行工作。</translation>
    </message>
    <message>
        <source>Stop for manual recovery: the failure came after output or tool activity, so retrying could repeat side effects.</source>
        <translation>停止並手動恢復：失敗發生在輸出或工具活動之後，重試可能會重複產生副作用。</translation>
    </message>
    <message>
        <source>Stop for manual recovery: the classifier could not classify this error, and unclassified errors always stop.</source>
        <translation>停止並手動恢復：分類器無法將此錯誤分類，而未分類錯誤總會停止。</translation>
    </message>
    <message>
        <source>Stop for manual recovery.</source>
        <translation>停止並手動恢復。</translation>
    </message>
    <message>
        <source>The reset hint is not trusted for this error, so it is not used.</source>
        <translation>此錯誤的重設提示不可信，因此不會使用。</translation>
    </message>
    <message>
        <source>Wait-for-reset is off for %1 on this candidate, so the %2 hint is not used.</source>
        <translation>此候選設定檔已為%1關閉等待重設，因此不會使用 %2 的提示。</translation>
    </message>
    <message>
        <source>This candidate already waited for a reset of %1 in this cycle, so the %2 reset is not used.</source>
        <translation>此候選設定檔在本週期中已為%1等待過一次重設，因此不會使用 %2 後的重設。</translation>
    </message>
    <message>
        <source>The reported reset is not in the future, so it is not used.</source>
        <translation>回報的重設時間不在未來，因此不會使用。</translation>
    </message>
    <message>
        <source>The %1 hint is beyond this candidate&apos;s %2 maximum wait for %3, so it is not used.</source>
        <translation>%1 的提示超出此候選設定檔對%3的最大等待時間 %2，因此不會使用。</translation>
    </message>
    <message>
        <source>%1 is neither transient nor hard: unknown errors always stop for a person.</source>
        <translation>%1 既非暫時性錯誤，也非硬錯誤：未知錯誤總會停止並等待手動恢復。</translation>
    </message>
    <message>
        <source>The failure came after output or tool activity: errors after side effects always stop.</source>
        <translation>失敗發生在輸出或工具活動之後：發生副作用後的錯誤總會停止。</translation>
    </message>
    <message>
        <source>high</source>
        <comment>confidence</comment>
        <translation>高</translation>
    </message>
    <message>
        <source>medium</source>
        <comment>confidence</comment>
        <translation>中</translation>
    </message>
    <message>
        <source>low</source>
        <comment>confidence</comment>
        <translation>低</translation>
    </message>
    <message>
        <source>provider</source>
        <comment>scope</comment>
        <extracomment>what a failure affects: the provider, the account, the model or this request</extracomment>
        <translation>供應商</translation>
    </message>
    <message>
        <source>account</source>
        <comment>scope</comment>
        <translation>帳戶</translation>
    </message>
    <message>
        <source>model</source>
        <comment>scope</comment>
        <translation>模型</translation>
    </message>
    <message>
        <source>request</source>
        <comment>scope</comment>
        <translation>請求</translation>
    </message>
    <message>
        <source>guard</source>
        <comment>stage</comment>
        <extracomment>where a classification rule sits in kandev&apos;s order</extracomment>
        <translation>防護</translation>
    </message>
    <message>
        <source>structured</source>
        <comment>stage</comment>
        <translation>結構化</translation>
    </message>
    <message>
        <source>agent CLI</source>
        <comment>stage</comment>
        <translation>代理程式 CLI</translation>
    </message>
    <message>
        <source>provider-neutral</source>
        <comment>stage</comment>
        <translation>與供應商無關</translation>
    </message>
    <message>
        <source>runtime</source>
        <comment>stage</comment>
        <translation>執行環境</translation>
    </message>
    <message>
        <source>phase fallback</source>
        <comment>stage</comment>
        <translation>時機後備</translation>
    </message>
    <message>
        <source>parsed, in the future, and no other hint disagrees</source>
        <translation>已解析、在未來，且沒有其他提示與之矛盾</translation>
    </message>
    <message>
        <source>could not be parsed</source>
        <translation>無法解析</translation>
    </message>
    <message>
        <source>cannot be represented: past %1</source>
        <translation>無法表示：超出 %1</translation>
    </message>
    <message>
        <source>not in the future</source>
        <translation>不在未來</translation>
    </message>
    <message>
        <source>more than a year away</source>
        <translation>在一年以後</translation>
    </message>
    <message>
        <source>agrees with %1</source>
        <extracomment>%1: another hint&apos;s source, e.g. retry-after</extracomment>
        <translation>與 %1 一致</translation>
    </message>
    <message>
        <source>disagrees with %1</source>
        <translation>與 %1 矛盾</translation>
    </message>
    <message>
        <source>conflicting hints: none is trusted</source>
        <translation>提示相互矛盾：沒有一個可信</translation>
    </message>
    <message>
        <source>a time of day without a time zone is ambiguous</source>
        <translation>沒有時區的時刻有歧義</translation>
    </message>
    <message>
        <source>unknown time zone %1</source>
        <extracomment>%1: the time zone&apos;s name as the error wrote it</extracomment>
        <translation>未知時區 %1</translation>
    </message>
    <message>
        <source>not a calendar date</source>
        <translation>不是有效的日曆日期</translation>
    </message>
    <message>
        <source>Capacity error before output, every attempt</source>
        <translation>輸出前出現容量錯誤，每次嘗試皆相同</translation>
    </message>
    <message>
        <source>Quota exhausted, reset in 1 min</source>
        <translation>配額耗盡，1 分鐘後重設</translation>
    </message>
    <message>
        <source>Quota exhausted, reset in 6 h</source>
        <translation>配額耗盡，6 小時後重設</translation>
    </message>
    <message>
        <source>Two transient errors, then success</source>
        <translation>兩次暫時性錯誤，然後成功</translation>
    </message>
    <message>
        <source>Unknown error</source>
        <translation>未知錯誤</translation>
    </message>
    <message>
        <source>Failure after tool activity</source>
        <translation>工具活動後失敗</translation>
    </message>
    <message>
        <source>candidate %1 (“%2”)</source>
        <extracomment>%1: the candidate&apos;s index in the route, %2: its profile id</extracomment>
        <translation>候選設定檔 %1（「%2」）</translation>
    </message>
    <message>
        <source>%1: a legacy rule has an empty key</source>
        <translation>%1：一條舊版規則的鍵為空</translation>
    </message>
    <message>
        <source>%1: the legacy rule key “%2” is neither on_provider_error nor a transient or hard error code</source>
        <extracomment>%2: the rule&apos;s key as written, e.g. rate_limitd</extracomment>
        <translation>%1：舊版規則的鍵「%2」既不是 on_provider_error，也不是暫時性錯誤或硬錯誤的代碼</translation>
    </message>
    <message>
        <source>%1: the legacy rule “%2” has the unknown action “%3” (expected retry_same, try_next or stop)</source>
        <translation>%1：舊版規則「%2」的操作「%3」不明（應為 retry_same、try_next 或 stop）</translation>
    </message>
    <message>
        <source>%1: conflicting legacy rules for %2: %3</source>
        <extracomment>%2: the class in a sentence (&quot;transient errors&quot;); %3: the rules, e.g. rate_limited = stop</extracomment>
        <translation>%1：%2的舊版規則互相衝突：%3</translation>
    </message>
    <message>
        <source>%1 carries both policies and legacy rules</source>
        <translation>%1 同時帶有策略和舊版規則</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>duration parts</comment>
        <extracomment>two parts of a duration: &quot;1 min 30 s&quot;</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>list</comment>
        <extracomment>two items of a list: &quot;a, b&quot; in English, &quot;a、b&quot; in Chinese</extracomment>
        <translation>%1、%2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>sentences</comment>
        <extracomment>two sentences one after the other: a space between them in English, none in Chinese</extracomment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>syntax error: %1</source>
        <extracomment>%1: the JSON parser&apos;s own words, in English</extracomment>
        <translation>語法錯誤：%1</translation>
    </message>
    <message>
        <source>the file is empty; expected a JSON document</source>
        <translation>檔案為空；應為 JSON 文件</translation>
    </message>
    <message>
        <source>the file is %1; documents are limited to %2</source>
        <translation>檔案大小為 %1；文件上限為 %2</translation>
    </message>
    <message>
        <source>JSON is nested more than %1 levels deep</source>
        <translation>JSON 巢狀超過 %1 層</translation>
    </message>
    <message>
        <source>duplicate key %1: each key may appear once per object</source>
        <translation>重複的鍵 %1：每個物件中每個鍵只能出現一次</translation>
    </message>
    <message>
        <source>-0 is not a valid integer here; write 0</source>
        <translation>-0 在此處不是有效的整數；請寫 0</translation>
    </message>
    <message>
        <source>schema: %1</source>
        <extracomment>%1: the JSON Schema validator&apos;s own words, in English</extracomment>
        <translation>結構描述：%1</translation>
    </message>
    <message>
        <source>is also the id of %1; kandev keeps one profile per id (agent_profiles&apos; primary key)</source>
        <extracomment>%1: the field path of the other profile</extracomment>
        <translation>也是 %1 的 ID；kandev 每個 ID 只保存一個設定檔（agent_profiles 的主鍵）</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整數</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字串</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>物件</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>陣列</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布林值</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>an unsupported value</source>
        <translation>不支援的值</translation>
    </message>
    <message>
        <source>&quot;skip&quot; or &quot;stop&quot;</source>
        <translation>「skip」或「stop」</translation>
    </message>
    <message>
        <source>a candidate object</source>
        <translation>候選設定檔物件</translation>
    </message>
    <message>
        <source>an object mapping error codes to actions</source>
        <translation>將錯誤代碼對應到操作的物件</translation>
    </message>
    <message>
        <source>an action string</source>
        <translation>操作字串</translation>
    </message>
    <message>
        <source>a dynamic profile object</source>
        <translation>動態設定檔物件</translation>
    </message>
    <message>
        <source>an array of candidates</source>
        <translation>候選設定檔陣列</translation>
    </message>
    <message>
        <source>an agent profile object</source>
        <translation>代理程式設定檔物件</translation>
    </message>
    <message>
        <source>an array of agent profiles</source>
        <translation>代理程式設定檔陣列</translation>
    </message>
    <message>
        <source>a class policy</source>
        <translation>類別策略</translation>
    </message>
    <message>
        <source>a policy document</source>
        <translation>策略文件</translation>
    </message>
    <message>
        <source>expected %1, found the fraction %2</source>
        <extracomment>%1: what the document should hold there (&quot;an integer&quot;), %2: what it holds (&quot;a string&quot;)</extracomment>
        <translation>應為%1，實際為小數 %2</translation>
    </message>
    <message>
        <source>expected %1, found %2</source>
        <translation>應為%1，實際為%2</translation>
    </message>
    <message>
        <source>unknown key %1 in %2 (allowed: %3)</source>
        <extracomment>%1: the key as written, quoted; %2: where (&quot;a class policy&quot;); %3: the keys allowed there</extracomment>
        <translation>%2中有不明的鍵 %1（允許：%3）</translation>
    </message>
    <message>
        <source>unknown on_exhausted %1 (expected &quot;skip&quot; or &quot;stop&quot;)</source>
        <translation>不明的 on_exhausted 值 %1（應為「skip」或「stop」）</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <extracomment>%1: the field&apos;s key, e.g. execution_profile_id</extracomment>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <source>the integer %1 is out of range (largest allowed: %2)</source>
        <translation>整數 %1 超出範圍（允許的最大值：%2）</translation>
    </message>
    <message>
        <source>the number is beyond the 64-bit integer range (allowed: %1 to %2)</source>
        <translation>該數字超出 64 位元整數範圍（允許：%1 至 %2）</translation>
    </message>
    <message>
        <source>the profile version must not be negative</source>
        <translation>設定檔版本不能為負數</translation>
    </message>
    <message>
        <source>this agent profile is not dynamic: it has no &quot;dynamic&quot; document</source>
        <translation>此代理程式設定檔不是動態設定檔：沒有「dynamic」文件</translation>
    </message>
    <message>
        <source>not a policy document: expected a dynamic profile (&quot;candidates&quot;), an agent profile (&quot;dynamic&quot;) or an export (an array, or &quot;profiles&quot;)</source>
        <translation>不是策略文件：應為動態設定檔（「candidates」）、代理程式設定檔（「dynamic」）或匯出檔案（陣列或「profiles」）</translation>
    </message>
    <message>
        <source>%1 (line %2, column %3)</source>
        <extracomment>%1: rules_json and a field path in it, %2: its line, %3: its column</extracomment>
        <translation>%1（第 %2 行，第 %3 欄）</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: %3: %4</source>
        <extracomment>%1: a profile id, %2: a route&apos;s position</extracomment>
        <translation>設定檔「%1」，位置 %2：%3：%4</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: rules_json is %3 characters long; a route&apos;s rules are limited to %4 characters, so this profile is left untouched</source>
        <translation>設定檔「%1」，位置 %2：rules_json 長 %3 個字元；一條路由的規則最多 %4 個字元，因此此設定檔保持不變</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: rules_json has policy version %3, newer than this build&apos;s %4; this profile is read and never written</source>
        <translation>設定檔「%1」，位置 %2：rules_json 的策略版本為 %3，比此版本支援的 %4 更新；此設定檔只讀取，從不寫入</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: execution_profile_id is empty once white space is trimmed; kandev&apos;s backend rejects the route, so this profile is left untouched</source>
        <translation>設定檔「%1」，位置 %2：去除空白後 execution_profile_id 為空；kandev 後端會拒絕該路由，因此此設定檔保持不變</translation>
    </message>
    <message>
        <source>the real number %1</source>
        <translation>實數 %1</translation>
    </message>
    <message>
        <source>a blob of %1 bytes</source>
        <translation>%1 位元組的 blob</translation>
    </message>
    <message>
        <source>the boolean %1</source>
        <translation>布林值 %1</translation>
    </message>
    <message>
        <source>the text “%1”</source>
        <translation>文字「%1」</translation>
    </message>
    <message>
        <source>%1 is past the 64-bit integer range kandev reads</source>
        <translation>%1 超出 kandev 讀取的 64 位元整數範圍</translation>
    </message>
    <message>
        <source>%1 is not an integer, which kandev reads here</source>
        <translation>%1 不是整數，而 kandev 在此讀取整數</translation>
    </message>
    <message>
        <source>NULL where kandev reads an integer</source>
        <translation>此處為 NULL，而 kandev 讀取整數</translation>
    </message>
    <message>
        <source>%1 is not a boolean (0 or 1), which kandev reads here</source>
        <translation>%1 不是布林值（0 或 1），而 kandev 在此讀取布林值</translation>
    </message>
    <message>
        <source>%1 is not text, which kandev reads here</source>
        <translation>%1 不是文字，而 kandev 在此讀取文字</translation>
    </message>
    <message>
        <source>NULL where kandev reads text</source>
        <translation>此處為 NULL，而 kandev 讀取文字</translation>
    </message>
    <message>
        <source>profile “%1”: %2, column %3: %4; this profile is left untouched</source>
        <extracomment>%1: a profile id, %2: kandev&apos;s table, %3: its column, %4: what is wrong with the value</extracomment>
        <translation>設定檔「%1」：%2，欄 %3：%4；此設定檔保持不變</translation>
    </message>
    <message numerus="yes">
        <source>and %n more problem(s) not listed; correct these and check again</source>
        <extracomment>After the first hundred problems of a file: how many more there are.</extracomment>
        <translation>
            <numerusform>另有 %n 個問題未列出；請先更正這些問題，然後再次檢查</numerusform>
        </translation>
    </message>
    <message>
        <source>The worst-case hold for %1 is %2; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2 and %3: durations</extracomment>
        <translation>遇到%1時，路由最壞情況下會滯留工作 %2；內部規則容許 %3。</translation>
    </message>
    <message>
        <source>One route cycle makes up to %2 attempts for %1; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2, %3: numbers of attempts</extracomment>
        <translation>遇到%1時，一個路由週期最多嘗試 %2 次；內部規則容許 %3 次。</translation>
    </message>
    <message>
        <source>This candidate retries %1 up to %2 times; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2, %3: numbers of retries</extracomment>
        <translation>此候選設定檔遇到%1時最多重試 %2 次；內部規則容許 %3 次。</translation>
    </message>
    <message>
        <source>This candidate waits up to %1 for the reset of %2; the house allows %3.</source>
        <extracomment>%1: a duration; %2: transient errors or hard errors; %3: a duration</extracomment>
        <translation>此候選設定檔遇到%2時最多等待重設 %1；內部規則容許 %3。</translation>
    </message>
    <message>
        <source>For %1 the route ends in stop; the house wants it to end with no candidate left.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation>遇到%1時路由以停止結束；內部規則要求以沒有剩餘候選設定檔結束。</translation>
    </message>
    <message>
        <source>For %1 the route ends with no candidate left; the house wants it to end in stop, so that a person hears of it.</source>
        <translation>遇到%1時路由以沒有剩餘候選設定檔結束；內部規則要求以停止結束，好讓有人知悉。</translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s) enabled; the house requires at least %1.</source>
        <translation>
            <numerusform>已啓用 %n 個候選設定檔；內部規則要求最少 %1 個。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The enabled candidates span %n provider(s)%1; the house requires at least %2.</source>
        <extracomment>%1: the agents&apos; names, or nothing when no agent is known</extracomment>
        <translation>
            <numerusform>已啓用的候選設定檔涵蓋 %n 個供應商%1；內部規則要求最少 %2 個。</numerusform>
        </translation>
    </message>
    <message>
        <source>No route cycle reaches this candidate for %1: an earlier candidate stops the route.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation>遇到%1時，沒有任何路由週期會到達此候選設定檔：較前的候選設定檔會停止路由。</translation>
    </message>
    <message>
        <source>Profile %1 is not among the profiles the house allows.</source>
        <translation>設定檔 %1 不在內部規則容許的設定檔之列。</translation>
    </message>
    <message>
        <source>Profile %1 (agent %2) is not among the agents or profiles the house allows.</source>
        <translation>設定檔 %1（代理程式 %2）不在內部規則容許的代理程式或設定檔之列。</translation>
    </message>
    <message>
        <source>Profile %1 matches %2, which the house forbids.</source>
        <extracomment>%1: the profile; %2: the pattern it matches</extracomment>
        <translation>設定檔 %1 符合 %2，內部規則禁止使用。</translation>
    </message>
    <message>
        <source>This candidate handles %1 differently from the first enabled candidate; the house wants one policy for them.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation>此候選設定檔處理%1的方式與第一個已啓用的候選設定檔不同；內部規則要求統一策略。</translation>
    </message>
    <message>
        <source>The candidate&apos;s legacy rules cannot be migrated.</source>
        <translation>此候選設定檔的舊版規則無法遷移。</translation>
    </message>
    <message>
        <source>The candidate breaks one of kandev&apos;s candidate rules.</source>
        <translation>此候選設定檔違反了 kandev 的一條候選設定檔規則。</translation>
    </message>
    <message>
        <source>House rule %1.</source>
        <extracomment>%1: the rule&apos;s id in the rules file</extracomment>
        <translation>內部規則 %1。</translation>
    </message>
    <message>
        <source>Excepted for this profile: %1.</source>
        <extracomment>%1: the reason recorded in the rules file</extracomment>
        <translation>此設定檔獲豁免：%1。</translation>
    </message>
</context>
<context>
    <name>RouteComparisonText</name>
    <message>
        <source>success on %1</source>
        <extracomment>how a route cycle ends, after &quot;now ends in&quot; / &quot;instead of&quot;; %1: a candidate&apos;s name</extracomment>
        <translation>在 %1 成功</translation>
    </message>
    <message>
        <source>stop on %1 (safety gate)</source>
        <translation>在 %1 停止（安全閘）</translation>
    </message>
    <message>
        <source>stop on %1</source>
        <translation>在 %1 停止</translation>
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation>沒有剩餘符合條件的候選設定檔</translation>
    </message>
    <message>
        <source>a configuration error on %1</source>
        <translation>%1 出現設定錯誤</translation>
    </message>
    <message>
        <source>the event limit</source>
        <translation>事件上限</translation>
    </message>
    <message>
        <source>Cannot compare with the saved policy: %1 in the edited route cannot be simulated. %2</source>
        <extracomment>%1: a candidate&apos;s name; %2: the field path and the problem</extracomment>
        <translation>無法與已儲存的策略比較：已編輯路由中的 %1 無法模擬。%2</translation>
    </message>
    <message>
        <source>Cannot compare with the saved policy: %1 in the saved route cannot be simulated. %2</source>
        <translation>無法與已儲存的策略比較：已儲存路由中的 %1 無法模擬。%2</translation>
    </message>
    <message>
        <source>No change to the route for this scenario</source>
        <translation>在此情境下路由沒有變化</translation>
    </message>
    <message numerus="yes">
        <source>+%n attempts</source>
        <extracomment>the change in the number of attempts: &quot;+2 attempts&quot;</extracomment>
        <translation>
            <numerusform>+%n 次嘗試</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n attempts</source>
        <translation>
            <numerusform>−%n 次嘗試</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>+%n retries</source>
        <translation>
            <numerusform>+%n 次重試</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n retries</source>
        <translation>
            <numerusform>−%n 次重試</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>+%n reset waits</source>
        <translation>
            <numerusform>+%n 次重設等待</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n reset waits</source>
        <translation>
            <numerusform>−%n 次重設等待</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 longer</source>
        <extracomment>%1: how much longer (or shorter) the route takes to its end, &quot;35 s&quot;</extracomment>
        <translation>耗時多 %1</translation>
    </message>
    <message>
        <source>%1 shorter</source>
        <translation>耗時少 %1</translation>
    </message>
    <message>
        <source>now ends in %1 instead of %2</source>
        <extracomment>%1: how the edited route ends, %2: how the saved one ended</extracomment>
        <translation>現在的結局是%1，而非%2</translation>
    </message>
    <message>
        <source>The same attempts, waits and ending, but the route differs from event %1</source>
        <translation>嘗試、等待和結局相同，但路由從事件 %1 起有所不同</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the parts of the summary</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>Its legacy rules cannot be migrated (see Validation).</source>
        <translation>其舊版規則無法遷移（請參閱「驗證」）。</translation>
    </message>
</context>
<context>
    <name>gui::ActionSet</name>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New Dynamic Profile</source>
        <translation>新增動態設定檔(&amp;N)</translation>
    </message>
    <message>
        <source>Delete the dynamic profile shown, as kandev deletes one (a kandev database)</source>
        <translation>按 kandev 刪除設定檔的方式，刪除目前顯示的動態設定檔（kandev 數據庫）</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>開啟(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Database…</source>
        <translation>開啟數據庫(&amp;D)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>開啟最近的檔案(&amp;R)</translation>
    </message>
    <message>
        <source>Re&amp;load from Disk</source>
        <translation>從磁碟重新載入(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>儲存為(&amp;A)…</translation>
    </message>
    <message>
        <source>Revie&amp;w Changes…</source>
        <translation>審閱更改(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤銷(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Main Tool Bar</source>
        <translation>主工具欄</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>視圖(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Migration Report…</source>
        <translation>遷移報告(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重設佈局(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <source>Error &amp;Catalogue…</source>
        <translation>錯誤目錄(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;About Policy Studio</source>
        <translation>關於 Policy Studio(&amp;A)</translation>
    </message>
    <message>
        <source>About Policy Studio</source>
        <translation>關於 Policy Studio</translation>
    </message>
    <message>
        <source>&lt;b&gt;Policy Studio %1&lt;/b&gt;&lt;p&gt;Edits the per-class recovery policies of kandev dynamic profiles, validated by the same evaluator a backend links.&lt;/p&gt;&lt;p&gt;Error catalogue: %2 (%3 rules)&lt;br/&gt;Policy schema version: %4&lt;/p&gt;</source>
        <translation>&lt;b&gt;Policy Studio %1&lt;/b&gt;&lt;p&gt;編輯 kandev 動態設定檔按錯誤類別設定的恢復策略，並以後端所連結的同一個評估器進行驗證。&lt;/p&gt;&lt;p&gt;錯誤目錄：%2（%3 條規則）&lt;br/&gt;策略架構版本：%4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Colour &amp;Scheme</source>
        <translation>配色方案(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>系統(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>淺色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;New Dynamic Profile in %1</source>
        <translation>在 %1 中新增動態設定檔(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤銷%1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做%1(&amp;R)</translation>
    </message>
    <message>
        <source>Dele&amp;te Dynamic Profile…</source>
        <translation>刪除動態設定檔(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;House Rules</source>
        <translation>內部規則(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Choose Rules File…</source>
        <translation>選擇規則檔案(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Use the Rules File Beside the Document</source>
        <translation>使用文件旁的規則檔案(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Read the Rules File Again</source>
        <translation>重新讀取規則檔案(&amp;R)</translation>
    </message>
    <message>
        <source>Forget the chosen file: the nearest %1 in the document&apos;s folder or a parent is used</source>
        <translation>忘記所選檔案：使用文件所在資料夾或其上層資料夾中最近的 %1</translation>
    </message>
</context>
<context>
    <name>gui::CandidateEditor</name>
    <message>
        <source>Read-only: this candidate already has versioned policies, but the legacy rules of %1 cannot be migrated, so the document is open read-only.</source>
        <translation>只讀：此候選設定檔已有帶版本的策略，但 %1 的舊版規則無法遷移，因此文件以只讀方式開啟。</translation>
    </message>
    <message>
        <source>Read-only: this candidate already has versioned policies, but the legacy rules of %1 were not migrated, so the document is open read-only.</source>
        <translation>只讀：此候選設定檔已有帶版本的策略，但 %1 的舊版規則未遷移，因此文件以只讀方式開啟。</translation>
    </message>
    <message>
        <source>No candidates yet</source>
        <translation>尚無候選設定檔</translation>
    </message>
    <message>
        <source>No candidate selected</source>
        <translation>未選擇候選設定檔</translation>
    </message>
    <message>
        <source>Add the route&apos;s first candidate with Add Candidate (Edit menu) to set what happens when its provider fails.</source>
        <translation>使用「新增候選設定檔」（編輯菜單）為路由新增第一個候選設定檔，以設定其供應商失敗時的處理方式。</translation>
    </message>
    <message>
        <source>Select a candidate in the route to edit what happens when its provider fails.</source>
        <translation>在路由中選擇一個候選設定檔，以編輯其供應商失敗時的處理方式。</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Agent profile %1 · %2</source>
        <translation>代理程式設定檔 %1 · %2</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>已啓用</translation>
    </message>
    <message>
        <source>disabled: the route skips it</source>
        <translation>已停用：路由會略過它</translation>
    </message>
    <message>
        <source>Read-only: this candidate&apos;s legacy rules cannot be migrated. They are shown as they are.</source>
        <translation>只讀：此候選設定檔的舊版規則無法遷移，將按原樣顯示。</translation>
    </message>
    <message>
        <source>Read-only: this candidate&apos;s legacy rules can be migrated, but the document is open read-only (%1).</source>
        <translation>只讀：此候選設定檔的舊版規則可以遷移，但文件以只讀方式開啟（%1）。</translation>
    </message>
    <message>
        <source>Read-only: %1</source>
        <translation>只讀：%1</translation>
    </message>
    <message>
        <source>%1. The route cannot use this candidate until it references an eligible profile.</source>
        <translation>%1。此候選設定檔引用符合條件的設定檔之前，路由無法使用它。</translation>
    </message>
    <message>
        <source>Legacy rules</source>
        <translation>舊版規則</translation>
    </message>
    <message>
        <source>Migrated, they become: %1</source>
        <translation>遷移後會變為：%1</translation>
    </message>
</context>
<context>
    <name>gui::CandidateListPanel</name>
    <message>
        <source>&amp;Add Candidate…</source>
        <translation>新增候選設定檔(&amp;A)…</translation>
    </message>
    <message>
        <source>Add an eligible agent profile at the end of the route</source>
        <translation>在路由末尾新增一個符合條件的代理程式設定檔</translation>
    </message>
    <message>
        <source>Move &amp;Down</source>
        <translation>下移(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Copy Policies To…</source>
        <translation>將策略複製到(&amp;C)…</translation>
    </message>
    <message>
        <source>Copy the selected candidate&apos;s policies to other candidates</source>
        <translation>將所選候選設定檔的策略複製到其他候選設定檔</translation>
    </message>
    <message>
        <source>Route candidates</source>
        <translation>路由候選設定檔</translation>
    </message>
    <message>
        <source>%1, being edited, does not match the filter.</source>
        <translation>正在編輯的 %1 與篩選不相符。</translation>
    </message>
    <message>
        <source>Copy Policies</source>
        <translation>複製策略</translation>
    </message>
    <message>
        <source>Copy the transient and hard error policies of %1 to:</source>
        <translation>將 %1 的暫時性錯誤和硬錯誤策略複製到：</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>複製</translation>
    </message>
    <message numerus="yes">
        <source>Copy policies of %1 to %n candidate(s)</source>
        <translation>
            <numerusform>將 %1 的策略複製到 %n 個候選設定檔</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy policies</source>
        <translation>複製策略</translation>
    </message>
    <message>
        <source>Re&amp;move Candidate</source>
        <translation>移除候選設定檔(&amp;M)</translation>
    </message>
    <message>
        <source>Move U&amp;p</source>
        <translation>上移(&amp;P)</translation>
    </message>
</context>
<context>
    <name>gui::CandidatePickerDialog</name>
    <message>
        <source>kandev refuses a route that names a profile twice.</source>
        <translation>kandev 會拒絕重複指定同一設定檔的路由。</translation>
    </message>
    <message>
        <source>Add Candidate</source>
        <translation>新增候選設定檔</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>Every concrete agent profile of the file is listed. Those kandev refuses as candidates are greyed out, with the reason.</source>
        <translation>此處列出檔案中的所有具體代理程式設定檔。kandev 不接受作為候選設定檔的項目會以灰色顯示，並附上原因。</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>篩選</translation>
    </message>
    <message>
        <source>Filter profiles</source>
        <translation>篩選設定檔</translation>
    </message>
    <message>
        <source>%1 (%2)
cannot be a candidate: %3</source>
        <extracomment>%3 says why, e.g. &quot;deleted, disabled&quot;</extracomment>
        <translation>%1（%2）
不能作為候選設定檔：%3</translation>
    </message>
    <message>
        <source>%1 (%2)
warning: %3</source>
        <translation>%1（%2）
警告：%3</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Agent profiles</source>
        <translation>代理程式設定檔</translation>
    </message>
    <message>
        <source>This file has no catalogue of agent profiles. Type the id of an enabled, concrete profile without automatic fallback.</source>
        <translation>此檔案沒有代理程式設定檔目錄。請輸入一個已啓用、未設定自動後備的具體設定檔的 ID。</translation>
    </message>
    <message>
        <source>Agent profile &amp;id:</source>
        <translation>代理程式設定檔 ID(&amp;I)：</translation>
    </message>
    <message>
        <source>%1 is already in the route; kandev refuses a route that names a profile twice.</source>
        <translation>%1 已在路由中；kandev 會拒絕重複指定同一設定檔的路由。</translation>
    </message>
</context>
<context>
    <name>gui::CatalogueDialog</name>
    <message>
        <source>status</source>
        <translation>狀態碼</translation>
    </message>
    <message>
        <source>exit code</source>
        <translation>退出碼</translation>
    </message>
    <message>
        <source>error context</source>
        <translation>錯誤上下文</translation>
    </message>
    <message>
        <source>signature</source>
        <translation>特徵文字</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代碼</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>類別</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>規則</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>優先次序</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>階段</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>代理程式</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>可信度</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>範圍</translation>
    </message>
    <message>
        <source>Reads</source>
        <translation>讀取</translation>
    </message>
    <message>
        <source>From</source>
        <translation>來源</translation>
    </message>
    <message>
        <source>Example</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>Error Catalogue — %1</source>
        <translation>錯誤目錄 — %1</translation>
    </message>
    <message>
        <source>Rules apply in kandev&apos;s order: its structured signals (status, exit 127), then the agent CLI&apos;s own wording, then provider-neutral wording, then the runtime environment; the first match of highest priority decides. Wording in ordinary language is only read inside an error context. Without a match the error is unclassified, and unclassified errors always stop.</source>
        <translation>規則按 kandev 的順序套用：先是其結構化訊號（狀態碼、退出碼 127），然後是代理程式 CLI 本身的措辭，接着是與供應商無關的措辭，最後是執行時環境；由優先次序最高的首個符合項決定。一般語言的措辭只會在錯誤上下文中讀取。如果沒有符合項，錯誤即為未分類，而未分類錯誤總會停止。</translation>
    </message>
    <message>
        <source>any</source>
        <translation>任何</translation>
    </message>
    <message>
        <source>(the phase&apos;s code)</source>
        <translation>（該時機的代碼）</translation>
    </message>
    <message>
        <source>kandev</source>
        <translation>kandev</translation>
    </message>
    <message>
        <source>Policy Studio</source>
        <translation>Policy Studio</translation>
    </message>
    <message>
        <source>Error codes</source>
        <translation>錯誤代碼</translation>
    </message>
    <message>
        <source>Classification rules</source>
        <translation>分類規則</translation>
    </message>
    <message>
        <source>&amp;Codes</source>
        <translation>代碼(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Rules</source>
        <translation>規則(&amp;R)</translation>
    </message>
</context>
<context>
    <name>gui::ClassPolicyPanel</name>
    <message>
        <source>&amp;Retry the same candidate</source>
        <translation>重試同一候選設定檔(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Max retries:</source>
        <translation>最大重試次數(&amp;M)：</translation>
    </message>
    <message>
        <source>F&amp;irst retry after:</source>
        <translation>首次重試間隔(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Wait for provider reset</source>
        <translation>等待供應商重設(&amp;W)</translation>
    </message>
    <message>
        <source>Ma&amp;ximum wait:</source>
        <translation>最大等待時間(&amp;X)：</translation>
    </message>
    <message>
        <source>S&amp;kip to the next candidate</source>
        <translation>略過並轉到下一個候選設定檔(&amp;K)</translation>
    </message>
    <message>
        <source>St&amp;op for manual recovery</source>
        <translation>停止並手動恢復(&amp;O)</translation>
    </message>
    <message>
        <source>Retr&amp;y the same candidate</source>
        <translation>重試同一候選設定檔(&amp;Y)</translation>
    </message>
    <message>
        <source>Max re&amp;tries:</source>
        <translation>最大重試次數(&amp;T)：</translation>
    </message>
    <message>
        <source>First retry &amp;after:</source>
        <translation>首次重試間隔(&amp;A)：</translation>
    </message>
    <message>
        <source>Wait for provi&amp;der reset</source>
        <translation>等待供應商重設(&amp;D)</translation>
    </message>
    <message>
        <source>Maxim&amp;um wait:</source>
        <translation>最大等待時間(&amp;U)：</translation>
    </message>
    <message>
        <source>Skip to the &amp;next candidate</source>
        <translation>略過並轉到下一個候選設定檔(&amp;N)</translation>
    </message>
    <message>
        <source>Sto&amp;p for manual recovery</source>
        <translation>停止並手動恢復(&amp;P)</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>解釋</translation>
    </message>
    <message>
        <source>Explain %1</source>
        <translation>解釋%1</translation>
    </message>
    <message>
        <source>Explain %1 for %2</source>
        <extracomment>%1 is a setting (the retry, the reset wait, the outcome), %2 the class (&quot;transient errors&quot;).</extracomment>
        <translation>解釋%2的%1</translation>
    </message>
    <message>
        <source>the retry</source>
        <translation>重試</translation>
    </message>
    <message>
        <source>Tries the same candidate again after a delay that doubles each time, up to the maximum retries; then the outcome below applies.</source>
        <translation>在延遲後再次嘗試同一候選設定檔，每次延遲加倍，直至達到最大重試次數；之後套用下方的結果。</translation>
    </message>
    <message>
        <source>the reset wait</source>
        <translation>重設等待</translation>
    </message>
    <message>
        <source>When the provider reports a trusted reset time within the maximum wait, kandev waits until then and tries once more. At most once per candidate and class in a route cycle, and it never uses up one of the retries.</source>
        <translation>當供應商回報的可信重設時間不超過最大等待時間時，kandev 會等到該時間再嘗試一次。在一個路由週期中，每個候選設定檔和類別最多一次，而且從不佔用重試次數。</translation>
    </message>
    <message>
        <source>Only a trusted reset time that the provider reports, lies in the future and is no further away than the maximum wait is used; then the candidate is tried once more. The wait does not use up retries.</source>
        <translation>只會使用供應商回報、位於未來且不超過最大等待時間的可信重設時間；之後會再嘗試該候選設定檔一次。等待不會佔用重試次數。</translation>
    </message>
    <message>
        <source>Only trusted reset times within this maximum; no retry is used up.</source>
        <translation>只使用此上限內的可信重設時間；不佔用重試次數。</translation>
    </message>
    <message>
        <source>the outcome</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>What happens once the reset wait and every retry are used up: skip to the next enabled candidate, or stop the route until a person acts.</source>
        <translation>重設等待和所有重試都用完後的處理方式：略過並轉到下一個已啓用的候選設定檔，或停止路由並等待手動恢復。</translation>
    </message>
    <message>
        <source>After recovery is exhausted</source>
        <translation>恢復操作耗盡後</translation>
    </message>
    <message>
        <source>Turn on retries for %1 of %2</source>
        <translation>為 %2 的%1開啟重試</translation>
    </message>
    <message>
        <source>Turn off retries for %1 of %2</source>
        <translation>為 %2 的%1關閉重試</translation>
    </message>
    <message>
        <source>Set max retries for %1 of %2 to %3</source>
        <translation>將 %2 的%1最大重試次數設為 %3</translation>
    </message>
    <message>
        <source>Set the first retry for %1 of %2 to %3</source>
        <translation>將 %2 的%1首次重試間隔設為 %3</translation>
    </message>
    <message>
        <source>Turn on reset waits for %1 of %2</source>
        <translation>為 %2 的%1開啟重設等待</translation>
    </message>
    <message>
        <source>Turn off reset waits for %1 of %2</source>
        <translation>為 %2 的%1關閉重設等待</translation>
    </message>
    <message>
        <source>Set the maximum reset wait for %1 of %2 to %3</source>
        <translation>將 %2 的%1最大重設等待時間設為 %3</translation>
    </message>
    <message>
        <source>Skip to the next candidate when %1 of %2 are not recovered</source>
        <translation>%2 的%1未能恢復時，略過並轉到下一個候選設定檔</translation>
    </message>
    <message>
        <source>Stop for a person when %1 of %2 are not recovered</source>
        <translation>%2 的%1未能恢復時，停止並等待手動恢復</translation>
    </message>
    <message>
        <source>Show or hide the settings for %1</source>
        <extracomment>%1: the class in a sentence (&quot;transient errors&quot;)</extracomment>
        <translation>顯示或隱藏%1的設定</translation>
    </message>
    <message>
        <source>Summary for %1</source>
        <translation>%1摘要</translation>
    </message>
</context>
<context>
    <name>gui::ClearAction</name>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
</context>
<context>
    <name>gui::DatabaseSession</name>
    <message>
        <source>Cannot Open Database</source>
        <translation>無法開啟數據庫</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_DRIVER is not set.</source>
        <translation>未設定 KANDEV_DATABASE_DRIVER。</translation>
    </message>
    <message>
        <source>The database could not be opened: %1.</source>
        <translation>無法開啟數據庫：%1。</translation>
    </message>
    <message numerus="yes">
        <source>Migrated %n profile(s) in the database; backup: %1. View › Migration Report shows how.</source>
        <translation>
            <numerusform>已遷移數據庫中的 %n 個設定檔；備份：%1。「視圖 › 遷移報告」會顯示遷移方式。</numerusform>
        </translation>
    </message>
    <message>
        <source>Policy Studio cannot read this database:

%1</source>
        <translation>Policy Studio 無法讀取此數據庫：

%1</translation>
    </message>
    <message>
        <source>its legacy rules were not migrated</source>
        <translation>其舊版規則未遷移</translation>
    </message>
    <message>
        <source>Apply Migration</source>
        <translation>套用遷移</translation>
    </message>
    <message>
        <source>Write the migrated policies to %1 now, in one transaction, after a backup? Profiles with errors are left untouched.</source>
        <translation>要先備份，然後立即在同一個交易中將遷移後的策略寫入 %1 嗎？有錯誤的設定檔不會被更改。</translation>
    </message>
    <message>
        <source>Migration Not Applied</source>
        <translation>未套用遷移</translation>
    </message>
    <message>
        <source>Nothing was written.

%1</source>
        <translation>沒有寫入任何內容。

%1</translation>
    </message>
    <message>
        <source>Database Password</source>
        <translation>數據庫密碼</translation>
    </message>
    <message>
        <source>%1 asks for the password of user “%2”. It is kept only while the database is open.

%3</source>
        <translation>%1 要求輸入用戶「%2」的密碼。密碼只會在數據庫開啟期間保留。

%3</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>連接(&amp;C)</translation>
    </message>
    <message>
        <source>Changed in the Database</source>
        <translation>數據庫中的內容已更改</translation>
    </message>
    <message>
        <source>%1

Reload the profiles from the database? Your unsaved edits are lost.</source>
        <translation>%1

要從數據庫重新載入設定檔嗎？未儲存的編輯將會遺失。</translation>
    </message>
</context>
<context>
    <name>gui::DockLayout</name>
    <message>
        <source>Route</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>時間線</translation>
    </message>
    <message numerus="yes">
        <source>Timeline — %n warning(s)</source>
        <translation>
            <numerusform>時間線 — %n 個警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>驗證</translation>
    </message>
    <message>
        <source>What Happens If…</source>
        <translation>如果…會怎樣</translation>
    </message>
    <message>
        <source>Try an Error</source>
        <translation>測試錯誤</translation>
    </message>
    <message>
        <source>Undo History</source>
        <translation>撤銷記錄</translation>
    </message>
    <message>
        <source>Live Routes</source>
        <translation>執行中的路由</translation>
    </message>
    <message>
        <source>Fleet Overview</source>
        <translation>全部設定檔概覽</translation>
    </message>
</context>
<context>
    <name>gui::DocumentController</name>
    <message>
        <source>Delete Dynamic Profile</source>
        <translation>刪除動態設定檔</translation>
    </message>
    <message>
        <source>Delete the dynamic profile %1?

The next save marks it deleted in %2, as kandev deletes a profile: its rows stay, kandev stops offering it, and sessions already routed through it keep their route. Until you save, Undo brings it back.</source>
        <translation>要刪除動態設定檔 %1 嗎？

下次儲存時，會按 kandev 刪除設定檔的方式在 %2 中將其標記為已刪除：其資料列會保留，kandev 會停止提供它，已經透過它路由的工作階段會保留其路由。儲存之前，撤銷即可還原。</translation>
    </message>
    <message>
        <source>Open Dynamic Profile</source>
        <translation>開啟動態設定檔</translation>
    </message>
    <message>
        <source>JSON documents (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>Cannot Open File</source>
        <translation>無法開啟檔案</translation>
    </message>
    <message>
        <source>Policy Studio cannot open this file:

%1</source>
        <translation>Policy Studio 無法開啟此檔案：

%1</translation>
    </message>
    <message>
        <source>a candidate uses a newer policy version than this editor understands; it is never downgraded</source>
        <translation>某個候選設定檔使用的策略版本比此編輯器能理解的更新；它永遠不會被降級</translation>
    </message>
    <message>
        <source>Opened Read-Only</source>
        <translation>已以只讀方式開啟</translation>
    </message>
    <message>
        <source>%1 uses a newer policy version than this editor supports. It opens read-only so that nothing is downgraded.</source>
        <translation>%1 使用的策略版本比此編輯器支援的更新。它會以只讀方式開啟，以免任何內容被降級。</translation>
    </message>
    <message>
        <source>The sample could not be copied to %1.</source>
        <translation>無法將示例複製到 %1。</translation>
    </message>
    <message>
        <source>File Changed on Disk</source>
        <translation>磁碟上的檔案已更改</translation>
    </message>
    <message>
        <source>%1 was changed by another program since it was opened. Saving replaces those changes.</source>
        <translation>%1 在開啟後已被另一個程式更改。儲存會替換這些更改。</translation>
    </message>
    <message>
        <source>Cannot Save</source>
        <translation>無法儲存</translation>
    </message>
    <message>
        <source>Nothing was written; your edits are still here.

%1</source>
        <translation>沒有寫入任何內容；你的編輯仍然保留。

%1</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>已儲存到 %1。</translation>
    </message>
    <message>
        <source>Save Dynamic Profile As</source>
        <translation>將動態設定檔儲存為</translation>
    </message>
    <message>
        <source>JSON documents (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Replace File</source>
        <translation>替換檔案</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 已存在。要替換它嗎？</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已儲存 %1。</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未儲存的更改</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 有未儲存的更改。要儲存嗎？</translation>
    </message>
    <message>
        <source>%1 was changed by another program. Reload it and lose your unsaved changes?</source>
        <translation>%1 已被另一個程式更改。要重新載入並捨棄未儲存的更改嗎？</translation>
    </message>
    <message>
        <source>%1 was changed by another program. Reload it?</source>
        <translation>%1 已被另一個程式更改。要重新載入嗎？</translation>
    </message>
    <message>
        <source>%1 changed on disk; saving will replace it.</source>
        <translation>磁碟上的 %1 已更改；儲存將會替換它。</translation>
    </message>
</context>
<context>
    <name>gui::DurationEdit</name>
    <message>
        <source>seconds</source>
        <extracomment>units of a duration input</extracomment>
        <translation>秒</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>分鐘</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>小時</translation>
    </message>
    <message>
        <source>days</source>
        <translation>日</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>單位</translation>
    </message>
    <message>
        <source>The unit of the number: pick the one you mean, and the number keeps its digits.</source>
        <translation>數字的單位：選擇你想要的單位，數字本身保持不變。</translation>
    </message>
    <message>
        <source>%1, unit</source>
        <translation>%1，單位</translation>
    </message>
    <message>
        <source>= %1 s</source>
        <translation>= %1 秒</translation>
    </message>
</context>
<context>
    <name>gui::EditorArea</name>
    <message>
        <source>Candidate editor</source>
        <translation>候選設定檔編輯器</translation>
    </message>
</context>
<context>
    <name>gui::FleetPane</name>
    <message>
        <source>Refresh Live Routes</source>
        <translation>重新整理執行中的路由</translation>
    </message>
    <message>
        <source>Filter by name, id or provider</source>
        <translation>按名稱、ID 或供應商篩選</translation>
    </message>
    <message>
        <source>Filter the fleet by name, id or provider</source>
        <translation>按名稱、ID 或供應商篩選全部設定檔</translation>
    </message>
    <message>
        <source>Fleet summary</source>
        <translation>全部設定檔摘要</translation>
    </message>
    <message>
        <source>Refresh live routes</source>
        <translation>重新整理執行中的路由</translation>
    </message>
    <message>
        <source>Read the routes kandev is running now again</source>
        <translation>重新讀取 kandev 目前正在執行的路由</translation>
    </message>
    <message>
        <source>Dynamic profiles of the fleet</source>
        <translation>全部動態設定檔</translation>
    </message>
    <message>
        <source>Could not read the live routes (%1).</source>
        <translation>無法讀取執行中的路由（%1）。</translation>
    </message>
    <message>
        <source>Open a document to see its dynamic profiles.</source>
        <translation>開啟文件以查看其動態設定檔。</translation>
    </message>
    <message numerus="yes">
        <source>%n with violations.</source>
        <translation>
            <numerusform>%n 個有違規。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n profile(s); %1</source>
        <translation>
            <numerusform>%n 個設定檔；%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Showing %1 of %n profile(s); %2</source>
        <translation>
            <numerusform>顯示 %n 個設定檔中的 %1 個；%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::HouseRulesController</name>
    <message>
        <source>Choose a House Rules File</source>
        <translation>選擇內部規則檔案</translation>
    </message>
    <message>
        <source>House rules (*.json);;All files (*)</source>
        <translation>內部規則 (*.json);;所有檔案 (*)</translation>
    </message>
</context>
<context>
    <name>gui::LiveRoutesPane</name>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation>在時間線中顯示</translation>
    </message>
    <message>
        <source>Live routes</source>
        <translation>執行中的路由</translation>
    </message>
    <message>
        <source>Preview the rest of this route&apos;s cycle from its current state, if the same error repeats</source>
        <translation>如果同一錯誤再次出現，從目前狀態預覽此路由週期的其餘部分</translation>
    </message>
    <message>
        <source>Live routes are shown for a kandev database.</source>
        <translation>開啟 kandev 數據庫時才會顯示執行中的路由。</translation>
    </message>
    <message>
        <source>Could not read the live routes (%1); shown as of the last read.</source>
        <translation>無法讀取執行中的路由（%1）；顯示的是上次讀取時的狀態。</translation>
    </message>
    <message>
        <source>This kandev database keeps no route state (kandev before August 2026).</source>
        <translation>此 kandev 數據庫不記錄路由狀態（2026 年 8 月之前的 kandev）。</translation>
    </message>
    <message>
        <source>Credentials &lt;b&gt;%1&lt;/b&gt; paused until %2 (%3): every candidate using them is passed over.</source>
        <translation>憑證 &lt;b&gt;%1&lt;/b&gt; 已暫停至 %2（%3）：所有使用這些憑證的候選設定檔都會被繞過。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; paused until %2 (%3): the route passes it over.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 已暫停至 %2（%3）：路由會繞過它。</translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running; %1 scheduled under another policy than the one you are editing.</source>
        <translation>
            <numerusform>%n 條路由正在執行；其中 %1 條是按有別於你正在編輯的策略排定的。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running, read at %1.</source>
        <translation>
            <numerusform>%n 條路由正在執行，讀取時間：%1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a route to see what happens next and its history.</source>
        <translation>選擇一條路由，查看其下一步和歷史記錄。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Session %1&lt;/b&gt;, %2 (profile version %3)</source>
        <translation>&lt;b&gt;工作階段 %1&lt;/b&gt;，%2（設定檔版本 %3）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Session %1&lt;/b&gt; on %2, %3 (profile version %4)</source>
        <translation>&lt;b&gt;工作階段 %1&lt;/b&gt; 在 %2 上，%3（設定檔版本 %4）</translation>
    </message>
    <message>
        <source>Its row cannot be read, so nothing is predicted: %1</source>
        <translation>無法讀取其資料列，因此不作任何預測：%1</translation>
    </message>
    <message>
        <source>Its policy state cannot be read, so nothing is predicted: %1</source>
        <translation>無法讀取其策略狀態，因此不作任何預測：%1</translation>
    </message>
    <message>
        <source>The policy it was scheduled under cannot be read: %1</source>
        <translation>無法讀取排定它時所用的策略：%1</translation>
    </message>
    <message>
        <source>Saving changes what its next failure is evaluated with; its scheduled deadline stays.</source>
        <translation>儲存會改變評估其下次失敗時所用的策略；已排定的期限保持不變。</translation>
    </message>
    <message>
        <source>%1 is no longer in the route you are editing.</source>
        <translation>%1 已不在你正在編輯的路由中。</translation>
    </message>
    <message numerus="yes">
        <source>%n earlier attempt(s)</source>
        <translation>
            <numerusform>之前的 %n 次嘗試</numerusform>
        </translation>
    </message>
    <message>
        <source>History: %1</source>
        <translation>歷史記錄：%1</translation>
    </message>
    <message>
        <source>%1. %2 (%3), %4</source>
        <extracomment>%1: the route generation, %2: the candidate, %3: why kandev chose it (kandev&apos;s code), %4: when</extracomment>
        <translation>%1. %2（%3），%4</translation>
    </message>
    <message>
        <source>%1. %2 (%3)</source>
        <translation>%1. %2（%3）</translation>
    </message>
</context>
<context>
    <name>gui::MainWindow</name>
    <message>
        <source>Policy Studio</source>
        <translation>Policy Studio</translation>
    </message>
    <message>
        <source>Opened</source>
        <translation>已開啟</translation>
    </message>
    <message>
        <source>Undo history</source>
        <translation>撤銷記錄</translation>
    </message>
    <message>
        <source>Open a dynamic profile document to start.</source>
        <translation>開啟一份動態設定檔文件以開始。</translation>
    </message>
    <message>
        <source>Read-only: %1.</source>
        <translation>只讀：%1。</translation>
    </message>
    <message>
        <source>A new dynamic profile: add its first candidate with Add Candidate (%1).</source>
        <translation>新的動態設定檔：使用「新增候選設定檔」（%1）新增第一個候選設定檔。</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>已開啟 %1。</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <extracomment>the window title of a document open read-only: &quot;%1 (read-only)&quot;</extracomment>
        <translation>%1（只讀）</translation>
    </message>
</context>
<context>
    <name>gui::MigrationFlow</name>
    <message>
        <source>Let %1 decide %2 of %3</source>
        <translation>讓 %1 決定 %3 的%2</translation>
    </message>
    <message>
        <source>Migrate legacy rules</source>
        <translation>遷移舊版規則</translation>
    </message>
    <message numerus="yes">
        <source>Migrated %n candidate(s) to versioned policies; nothing is written until you save. View › Migration Report shows how.</source>
        <translation>
            <numerusform>已將 %n 個候選設定檔遷移為帶版本的策略；儲存前不會寫入任何內容。「視圖 › 遷移報告」會顯示遷移方式。</numerusform>
        </translation>
    </message>
    <message>
        <source>some legacy rules in this document cannot be migrated</source>
        <translation>此文件中有部分舊版規則無法遷移</translation>
    </message>
    <message>
        <source>its legacy rules were not migrated</source>
        <translation>其舊版規則未遷移</translation>
    </message>
</context>
<context>
    <name>gui::MigrationReviewDialog</name>
    <message>
        <source>Review Migration — %1</source>
        <translation>審閱遷移 — %1</translation>
    </message>
    <message>
        <source>Migration report</source>
        <translation>遷移報告</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1 uses legacy rules.&lt;/b&gt; Before it can be edited, its %n candidate(s) are converted to versioned policies as shown. Nothing is written until you save.</source>
        <translation>
            <numerusform>&lt;b&gt;%1 使用舊版規則。&lt;/b&gt;編輯之前，其 %n 個候選設定檔會按所示轉換為帶版本的策略。儲存前不會寫入任何內容。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 uses legacy rules that cannot be migrated.&lt;/b&gt; It opens read-only; fix the rules marked below in the file, or in kandev, and open it again.</source>
        <translation>&lt;b&gt;%1 使用無法遷移的舊版規則。&lt;/b&gt;它會以只讀方式開啟；請在檔案或 kandev 中修正下方標示的規則，然後重新開啟。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 holds legacy rules.&lt;/b&gt; The profiles without problems can be migrated as shown; the profiles marked below cannot be until their rules are settled in kandev, and open read-only.</source>
        <translation>&lt;b&gt;%1 包含舊版規則。&lt;/b&gt;沒有問題的設定檔可以按所示遷移；下方標示的設定檔須待其規則在 kandev 中釐清後才能遷移，在此之前會以只讀方式開啟。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 holds legacy rules that cannot be migrated.&lt;/b&gt; The profiles marked below open read-only until their rules are settled in kandev; the other profiles can be edited.</source>
        <translation>&lt;b&gt;%1 包含無法遷移的舊版規則。&lt;/b&gt;下方標示的設定檔會以只讀方式開啟，直至其規則在 kandev 中釐清；其他設定檔可以編輯。</translation>
    </message>
    <message>
        <source>&amp;Migrate</source>
        <translation>遷移(&amp;M)</translation>
    </message>
    <message>
        <source>Open &amp;Read-Only</source>
        <translation>以只讀方式開啟(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>開啟(&amp;O)</translation>
    </message>
    <message>
        <source>Or choose below which rule wins; that is an edit you can undo.</source>
        <translation>或在下方選擇哪條規則優先；這是一項可以撤銷的編輯。</translation>
    </message>
    <message>
        <source>How the legacy rules were migrated when the document was opened.</source>
        <translation>開啟文件時舊版規則的遷移方式。</translation>
    </message>
    <message>
        <source>These routes cannot be read; their profiles are left untouched:</source>
        <translation>無法讀取以下路由；其設定檔保持不變：</translation>
    </message>
    <message>
        <source>%1 — line %2</source>
        <translation>%1 — 第 %2 行</translation>
    </message>
</context>
<context>
    <name>gui::OpenDatabaseDialog</name>
    <message>
        <source>&amp;SQLite file</source>
        <translation>SQLite 檔案(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;PostgreSQL server</source>
        <translation>PostgreSQL 伺服器(&amp;P)</translation>
    </message>
    <message>
        <source>kandev&apos;s &amp;environment (KANDEV_DATABASE_*)</source>
        <translation>kandev 的環境（KANDEV_DATABASE_*）(&amp;E)</translation>
    </message>
    <message>
        <source>Open kandev Database</source>
        <translation>開啟 kandev 數據庫</translation>
    </message>
    <message>
        <source>The database opens read-only; nothing is written until you save or apply a migration.</source>
        <translation>數據庫以只讀方式開啟；在你儲存或套用遷移之前，不會寫入任何內容。</translation>
    </message>
    <message>
        <source>SQLite file</source>
        <translation>SQLite 檔案</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>瀏覽(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主機(&amp;H)：</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>連接埠(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用戶(&amp;U)：</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>密碼(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>數據庫(&amp;D)：</translation>
    </message>
    <message>
        <source>kandev SQLite Database</source>
        <translation>kandev SQLite 數據庫</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)</source>
        <translation>SQLite 數據庫 (*.db *.sqlite *.sqlite3);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>Choose a SQLite file.</source>
        <translation>請選擇 SQLite 檔案。</translation>
    </message>
</context>
<context>
    <name>gui::ProblemCountButton</name>
    <message>
        <source>Show the problems in Validation</source>
        <translation>在「驗證」中顯示問題</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n 個問題</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::ProfileSettingsBox</name>
    <message>
        <source>Profile enabled</source>
        <translation>已啓用設定檔</translation>
    </message>
    <message>
        <source>Profile name:</source>
        <translation>設定檔名稱：</translation>
    </message>
    <message>
        <source>Profile name</source>
        <translation>設定檔名稱</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>Offered for new tasks and agents.</source>
        <translation>可供新任務和代理程式使用。</translation>
    </message>
    <message>
        <source>Not offered for new tasks or agents; sessions already routed through it keep running.</source>
        <translation>不提供給新任務或代理程式；已經透過它路由的工作階段會繼續執行。</translation>
    </message>
</context>
<context>
    <name>gui::ReviewChangesDialog</name>
    <message>
        <source>Save Changes — %1</source>
        <translation>儲存更改 — %1</translation>
    </message>
    <message>
        <source>Review Changes — %1</source>
        <translation>審閱更改 — %1</translation>
    </message>
    <message>
        <source>Nothing to save: the document is as it was read.</source>
        <translation>沒有需要儲存的內容：文件與讀取時相同。</translation>
    </message>
    <message>
        <source>These changes cannot be saved yet: %1</source>
        <translation>這些更改暫時無法儲存：%1</translation>
    </message>
    <message>
        <source>Saving writes these changes to %1 (against what was read or last saved):</source>
        <translation>儲存會將以下更改寫入 %1（與讀取時或上次儲存時相比）：</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>更改</translation>
    </message>
</context>
<context>
    <name>gui::RouteItemDelegate</name>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
</context>
<context>
    <name>gui::RoutePane</name>
    <message>
        <source>Filter profiles and candidates</source>
        <translation>篩選設定檔和候選設定檔</translation>
    </message>
    <message>
        <source>Dynamic profiles</source>
        <translation>動態設定檔</translation>
    </message>
</context>
<context>
    <name>gui::ScenarioEditorDialog</name>
    <message>
        <source>Custom Scenario</source>
        <translation>自訂情境</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名稱(&amp;N)：</translation>
    </message>
    <message>
        <source>The n-th attempt of the route cycle meets the n-th failure:</source>
        <translation>路由週期的第 n 次嘗試遇到第 n 次失敗：</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>錯誤</translation>
    </message>
    <message>
        <source>Reset hint after (s)</source>
        <translation>重設提示（秒後）</translation>
    </message>
    <message>
        <source>Before any output</source>
        <translation>在任何輸出之前</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>&amp;Add Failure</source>
        <translation>新增失敗(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove Failure</source>
        <translation>移除失敗(&amp;R)</translation>
    </message>
    <message>
        <source>the last failure repeats</source>
        <translation>最後一次失敗會重複出現</translation>
    </message>
    <message>
        <source>the next attempt succeeds</source>
        <translation>下一次嘗試會成功</translation>
    </message>
    <message>
        <source>Error of failure %1</source>
        <translation>第 %1 次失敗的錯誤</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>Reset hint of failure %1</source>
        <translation>第 %1 次失敗的重設提示</translation>
    </message>
    <message>
        <source>Failure %1 came before any output</source>
        <translation>第 %1 次失敗發生在任何輸出之前</translation>
    </message>
    <message>
        <source>Custom scenario</source>
        <translation>自訂情境</translation>
    </message>
    <message>
        <source>A&amp;fter the last failure:</source>
        <translation>最後一次失敗之後(&amp;F)：</translation>
    </message>
</context>
<context>
    <name>gui::StartPage</name>
    <message>
        <source>Open File…</source>
        <translation>開啟檔案…</translation>
    </message>
    <message>
        <source>Open kandev Database…</source>
        <translation>開啟 kandev 數據庫…</translation>
    </message>
    <message>
        <source>Open the Sample</source>
        <translation>開啟示例</translation>
    </message>
    <message>
        <source>New Dynamic Profile</source>
        <translation>新增動態設定檔</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>最近的檔案</translation>
    </message>
    <message>
        <source>Policy Studio</source>
        <translation>Policy Studio</translation>
    </message>
    <message>
        <source>Edit how kandev&apos;s dynamic profiles recover from provider errors: open a profile document, kandev&apos;s own database, or the sample to look around.</source>
        <translation>編輯 kandev 動態設定檔如何從供應商錯誤中恢復：開啟設定檔文件、kandev 本身的數據庫，或開啟示例隨意瀏覽。</translation>
    </message>
    <message>
        <source>kandev&apos;s own SQLite database on this machine</source>
        <translation>本機上 kandev 本身的 SQLite 數據庫</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>開啟 %1</translation>
    </message>
</context>
<context>
    <name>gui::SwitchingExplanation</name>
    <message>
        <source>When kandev switches candidates</source>
        <translation>kandev 何時切換候選設定檔</translation>
    </message>
</context>
<context>
    <name>gui::TimelineLegend</name>
    <message>
        <source>Legend</source>
        <translation>圖例</translation>
    </message>
</context>
<context>
    <name>gui::TimelinePanel</name>
    <message>
        <source>Custom scenario</source>
        <translation>自訂情境</translation>
    </message>
    <message>
        <source>&amp;Logarithmic time</source>
        <translation>對數時間(&amp;L)</translation>
    </message>
    <message>
        <source>Compare with saved</source>
        <translation>與已儲存的版本比較</translation>
    </message>
    <message>
        <source>Timeline views</source>
        <translation>時間線視圖</translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation>情境(&amp;S)：</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>情境</translation>
    </message>
    <message>
        <source>Edit &amp;Custom…</source>
        <translation>編輯自訂情境(&amp;C)…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>匯出…</translation>
    </message>
    <message>
        <source>Draw the route as it was read or last saved, dashed, under the edited one</source>
        <translation>以虛線在已編輯路由下方繪出讀取時或上次儲存時的路由</translation>
    </message>
    <message>
        <source>Timeline events</source>
        <translation>時間線事件</translation>
    </message>
    <message>
        <source>Route warnings</source>
        <translation>路由警告</translation>
    </message>
    <message>
        <source>Picture</source>
        <translation>圖像</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Export Timeline</source>
        <translation>匯出時間線</translation>
    </message>
    <message>
        <source>SVG image (*.svg);;PNG image (*.png)</source>
        <translation>SVG 圖像 (*.svg);;PNG 圖像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot Export</source>
        <translation>無法匯出</translation>
    </message>
    <message>
        <source>The timeline could not be written to %1.</source>
        <translation>無法將時間線寫入 %1。</translation>
    </message>
    <message>
        <source>timeline</source>
        <translation>時間線</translation>
    </message>
    <message>
        <source>Warnings (%1)</source>
        <translation>警告（%1）</translation>
    </message>
</context>
<context>
    <name>gui::TimelineView</name>
    <message>
        <source>Retry timeline</source>
        <translation>重試時間線</translation>
    </message>
    <message>
        <source>%1 (removed)</source>
        <extracomment>a lane of the timeline for a candidate only the saved route has</extracomment>
        <translation>%1（已移除）</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source> (off)</source>
        <translation>（已關閉）</translation>
    </message>
    <message>
        <source>Open a dynamic profile to preview its retry timeline.</source>
        <translation>開啟動態設定檔以預覽其重試時間線。</translation>
    </message>
    <message>
        <source>stop: action required</source>
        <translation>停止：需要恢復操作</translation>
    </message>
    <message>
        <source>success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation>沒有剩餘符合條件的候選設定檔</translation>
    </message>
    <message>
        <source>configuration error</source>
        <translation>設定錯誤</translation>
    </message>
    <message>
        <source>… (event limit)</source>
        <translation>…（事件上限）</translation>
    </message>
    <message>
        <source>paused by kandev (circuit open)</source>
        <translation>已被 kandev 暫停（斷路器開啟）</translation>
    </message>
    <message>
        <source>reset wait %1</source>
        <translation>重設等待 %1</translation>
    </message>
    <message>
        <source>attempt</source>
        <translation>嘗試</translation>
    </message>
    <message>
        <source>retry wait</source>
        <translation>重試等待</translation>
    </message>
    <message>
        <source>reset wait</source>
        <translation>重設等待</translation>
    </message>
    <message>
        <source>skip</source>
        <translation>略過</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>none left</source>
        <translation>無剩餘</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>無效</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暫停</translation>
    </message>
    <message>
        <source>A dot is an attempt. A plain bar is the wait before a retry of the same candidate; a hatched bar is a wait for the provider&apos;s reset. An arrow skips to the next candidate. The cycle ends in a diamond (success), a square (stop: a person must act), a triangle (no eligible candidate left) or a cross (a candidate with invalid policies). A pause sign marks a candidate kandev passes over because its circuit is open (live routes only).</source>
        <translation>圓點代表一次嘗試。普通橫條是重試同一候選設定檔之前的等待；斜紋橫條是等待供應商重設。箭頭表示略過並轉到下一個候選設定檔。週期以菱形（成功）、方形（停止：必須有人處理）、三角形（沒有剩餘符合條件的候選設定檔）或叉號（候選設定檔的策略無效）結束。暫停符號標示 kandev 因斷路器開啟而繞過的候選設定檔（僅限執行中的路由）。</translation>
    </message>
    <message>
        <source>While the profile is edited, the route as saved runs under it in each lane, in small outlined and dashed shapes (Compare with saved).</source>
        <translation>編輯設定檔期間，已儲存的路由會以較小的空心虛線圖形顯示在每條軌道的下方（與已儲存的版本比較）。</translation>
    </message>
    <message>
        <source>saved, before the edit</source>
        <extracomment>the legend&apos;s entry for the saved route, drawn dashed under the edited one</extracomment>
        <translation>已儲存（編輯前）</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — %2 — %3</source>
        <translation>%1 — %2 — %3</translation>
    </message>
    <message>
        <source>+%1 · %2</source>
        <translation>+%1 · %2</translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>原因：%1</translation>
    </message>
</context>
<context>
    <name>gui::TryErrorPanel</name>
    <message>
        <source>The failure came &amp;before any output or tool activity</source>
        <translation>失敗發生在任何輸出或工具活動之前(&amp;B)</translation>
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation>在時間線中顯示</translation>
    </message>
    <message>
        <source>A&amp;gent:</source>
        <translation>代理程式(&amp;G)：</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Agent that printed the error</source>
        <translation>輸出錯誤的代理程式</translation>
    </message>
    <message>
        <source>The kandev agent that printed the error: its own wording is read before provider-neutral wording.</source>
        <translation>輸出錯誤的 kandev 代理程式：會先讀取其本身的措辭，再讀取與供應商無關的措辭。</translation>
    </message>
    <message>
        <source>Phase:</source>
        <translation>時機：</translation>
    </message>
    <message>
        <source>Not known</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>%1 (before the agent runs)</source>
        <translation>%1（代理程式執行前）</translation>
    </message>
    <message>
        <source>%1 (agent running)</source>
        <translation>%1（代理程式執行中）</translation>
    </message>
    <message>
        <source>Phase of the failure</source>
        <translation>失敗發生的時機</translation>
    </message>
    <message>
        <source>When the error happened. An error no rule knows is unknown_provider_error before the agent runs and agent_runtime_error after it; both stop.</source>
        <translation>錯誤發生的時間點。沒有規則能識別的錯誤，在代理程式執行前為 unknown_provider_error，執行後為 agent_runtime_error；兩者都會停止。</translation>
    </message>
    <message>
        <source>Paste an error: the response (an optional &quot;HTTP/1.1 429&quot; line, headers, a blank line, the body), or an agent&apos;s stderr (an optional &quot;exit code: 127&quot; line first). What you paste is read as the error&apos;s own words, as if it had failed with an error status.</source>
        <translation>貼上錯誤：回應（可選的「HTTP/1.1 429」行、標頭、空行、正文），或代理程式的標準錯誤輸出（可先加上可選的「exit code: 127」行）。貼上的內容會被視為錯誤本身的措辭讀取，猶如它以錯誤狀態失敗。</translation>
    </message>
    <message>
        <source>Raw error</source>
        <translation>原始錯誤</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
</context>
<context>
    <name>gui::ValidationPane</name>
    <message>
        <source>Validation problems</source>
        <translation>驗證問題</translation>
    </message>
    <message>
        <source>Nothing is open.</source>
        <translation>沒有開啟任何內容。</translation>
    </message>
    <message>
        <source>Read-only: %1. Nothing can be saved.</source>
        <translation>只讀：%1。無法儲存任何內容。</translation>
    </message>
    <message numerus="yes">
        <source>Read-only: %1. %n problem(s):</source>
        <translation>
            <numerusform>只讀：%1。%n 個問題：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No problems: this profile can be saved. %n warning(s) about what kandev may refuse.</source>
        <translation>
            <numerusform>沒有問題：此設定檔可以儲存。有 %n 個關於 kandev 可能拒絕內容的警告。</numerusform>
        </translation>
    </message>
    <message>
        <source>No problems: this profile can be saved.</source>
        <translation>沒有問題：此設定檔可以儲存。</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) must be fixed before saving. Activate one to go to its field.</source>
        <translation>
            <numerusform>儲存前必須修正 %n 個問題。點擊其中一項即可前往對應欄位。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n house rule(s) broken; the rules file lets you save anyway.</source>
        <translation>
            <numerusform>違反了 %n 條內部規則；規則檔案仍容許儲存。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::WhatHappensPanel</name>
    <message>
        <source>The provider reports a reset in</source>
        <translation>供應商回報重設時間，距今</translation>
    </message>
    <message>
        <source>before any output or tool activity</source>
        <translation>任何輸出或工具活動之前</translation>
    </message>
    <message>
        <source>the reset wait was already used</source>
        <translation>重設等待已被使用</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>錯誤：</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — unclassified</source>
        <translation>%1 — 未分類</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>錯誤</translation>
    </message>
    <message>
        <source>Reset in</source>
        <translation>重設時間</translation>
    </message>
    <message>
        <source>The failure came:</source>
        <translation>失敗發生於：</translation>
    </message>
    <message>
        <source>Retries already made:</source>
        <translation>已進行的重試次數：</translation>
    </message>
    <message>
        <source>Decision:</source>
        <translation>決定：</translation>
    </message>
    <message>
        <source>Select a candidate.</source>
        <translation>請選擇一個候選設定檔。</translation>
    </message>
</context>
<context>
    <name>model::CandidateListModel</name>
    <message>
        <source>Stale: profile not found</source>
        <translation>已失效：找不到設定檔</translation>
    </message>
    <message>
        <source>Stale: profile deleted</source>
        <translation>已失效：設定檔已刪除</translation>
    </message>
    <message>
        <source>Ineligible: profile disabled</source>
        <translation>不符合條件：設定檔已停用</translation>
    </message>
    <message>
        <source>Ineligible: auto fallback</source>
        <translation>不符合條件：自動後備</translation>
    </message>
    <message>
        <source>Ineligible: dynamic profile</source>
        <translation>不符合條件：動態設定檔</translation>
    </message>
    <message>
        <source>Ineligible: references itself</source>
        <translation>不符合條件：引用自身</translation>
    </message>
    <message>
        <source>Ineligible: named twice</source>
        <translation>不符合條件：重複指定</translation>
    </message>
    <message>
        <source>Ineligible: profile has no agent</source>
        <translation>不符合條件：設定檔沒有代理程式</translation>
    </message>
    <message>
        <source>Ineligible: Office profile</source>
        <translation>不符合條件：辦公室設定檔</translation>
    </message>
    <message>
        <source>Warning: agent may not be launchable</source>
        <translation>警告：代理程式可能無法啓動</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n 個問題</numerusform>
        </translation>
    </message>
    <message>
        <source>Agent profile: %1</source>
        <translation>代理程式設定檔：%1</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>已啓用</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>已停用</translation>
    </message>
    <message>
        <source>Legacy rules</source>
        <translation>舊版規則</translation>
    </message>
    <message>
        <source>Position %1 in the route</source>
        <translation>路由中的第 %1 位</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候選設定檔</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message numerus="yes">
        <source>House rule(s): %1</source>
        <extracomment>%1: the ids of the house rules a candidate breaks</extracomment>
        <translation>
            <numerusform>內部規則：%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::Commands</name>
    <message>
        <source>Enable %1</source>
        <translation>啓用 %1</translation>
    </message>
    <message>
        <source>Disable %1</source>
        <translation>停用 %1</translation>
    </message>
    <message>
        <source>Move %1 up to position %2</source>
        <translation>將 %1 上移至第 %2 位</translation>
    </message>
    <message>
        <source>Move %1 down to position %2</source>
        <translation>將 %1 下移至第 %2 位</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>新增 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Rename the profile to &quot;%1&quot;</source>
        <translation>將設定檔重命名為「%1」</translation>
    </message>
    <message>
        <source>Enable the profile %1</source>
        <translation>啓用設定檔 %1</translation>
    </message>
    <message>
        <source>Disable the profile %1</source>
        <translation>停用設定檔 %1</translation>
    </message>
    <message>
        <source>New dynamic profile</source>
        <translation>新增動態設定檔</translation>
    </message>
    <message>
        <source>Delete the profile %1</source>
        <translation>刪除設定檔 %1</translation>
    </message>
</context>
<context>
    <name>model::EditorDocument</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>a row of this profile holds a value that cannot be read</source>
        <translation>此設定檔的某一資料列含有無法讀取的值</translation>
    </message>
    <message>
        <source>a route of this profile has a policy version newer than this build; saving could lose what it means</source>
        <translation>此設定檔的某條路由使用比此版本更新的策略版本；儲存可能會令其失去原有含義</translation>
    </message>
    <message>
        <source>its legacy rules cannot be migrated (%1); settle them in kandev and open the database again</source>
        <translation>其舊版規則無法遷移（%1）；請在 kandev 中釐清後重新開啟數據庫</translation>
    </message>
    <message>
        <source>%1 is open read-only: %2</source>
        <translation>%1 以只讀方式開啟：%2</translation>
    </message>
    <message numerus="yes">
        <source>The document has %n problem(s); fix them before saving.</source>
        <translation>
            <numerusform>文件有 %n 個問題；請在儲存前修正。</numerusform>
        </translation>
    </message>
    <message>
        <source>The document as it would be written does not pass validation, so it is not written:
%1</source>
        <translation>按此寫入的文件無法通過驗證，因此不會寫入：
%1</translation>
    </message>
    <message>
        <source>Profile %1 is read-only: %2</source>
        <translation>設定檔 %1 為只讀：%2</translation>
    </message>
    <message>
        <source>Profile %1 as it would be written does not pass validation, so nothing is written:
%2</source>
        <translation>按此寫入的設定檔 %1 無法通過驗證，因此不會寫入任何內容：
%2</translation>
    </message>
    <message>
        <source>Nothing was saved: %1</source>
        <translation>沒有儲存任何內容：%1</translation>
    </message>
    <message>
        <source>%1 holds no dynamic profile to edit.</source>
        <translation>%1 不包含可編輯的動態設定檔。</translation>
    </message>
    <message numerus="yes">
        <source>The house rules forbid saving while %n of them are broken (the rules file says they block).</source>
        <translation>
            <numerusform>有 %n 條內部規則被違反，內部規則禁止儲存（規則檔案設定為阻止儲存）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::FleetModel</name>
    <message>
        <source>stops at once</source>
        <translation>立即停止</translation>
    </message>
    <message>
        <source>none left</source>
        <translation>沒有剩餘</translation>
    </message>
    <message>
        <source>%1, then stop</source>
        <translation>%1，然後停止</translation>
    </message>
    <message>
        <source>%1, then none left</source>
        <translation>%1，然後沒有剩餘</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>已啓用</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>已停用</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n enabled</source>
        <translation>
            <numerusform>已啓用 %1 / %n</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 個錯誤</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 個警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Profile id: %1</source>
        <translation>設定檔 ID：%1</translation>
    </message>
    <message>
        <source>The longest a route cycle can hold a task for %1 before it stops for a person or no candidate is left.</source>
        <translation>遇到%1時，一個路由週期在停止並等待手動恢復或沒有剩餘候選設定檔之前，最多可滯留工作的時間。</translation>
    </message>
    <message>
        <source>Attempts in the worst-case cycle: %1 for transient errors, %2 for hard errors.</source>
        <translation>最壞情況下一個週期內的嘗試次數：暫時性錯誤 %1 次，硬錯誤 %2 次。</translation>
    </message>
    <message>
        <source>Some enabled candidate names a profile whose agent the document does not say.</source>
        <translation>某個已啓用的候選設定檔指定的設定檔，其代理程式未在文件中註明。</translation>
    </message>
    <message>
        <source>Rules broken: %1</source>
        <translation>違反的規則：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n excepted by the rules file.</source>
        <translation>
            <numerusform>%n 個已由規則檔案豁免。</numerusform>
        </translation>
    </message>
    <message>
        <source>kandev&apos;s limits</source>
        <translation>kandev 的限制</translation>
    </message>
    <message>
        <source>kandev&apos;s candidate rules</source>
        <translation>kandev 的候選設定檔規則</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>設定檔</translation>
    </message>
    <message>
        <source>State</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候選設定檔</translation>
    </message>
    <message>
        <source>Hold, transient</source>
        <translation>滯留（暫時性）</translation>
    </message>
    <message>
        <source>Hold, hard</source>
        <translation>滯留（硬錯誤）</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>嘗試次數</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>供應商</translation>
    </message>
    <message>
        <source>Live routes</source>
        <translation>執行中的路由</translation>
    </message>
    <message>
        <source>Violations</source>
        <translation>違規</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n time(s))</source>
        <translation>
            <numerusform>%1（%n 次）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::HouseRules</name>
    <message>
        <source>House rules: none</source>
        <translation>內部規則：無</translation>
    </message>
    <message>
        <source>House rules: %1 cannot be used</source>
        <translation>內部規則：%1 無法使用</translation>
    </message>
    <message>
        <source>House rules: %1 (chosen in the settings)</source>
        <translation>內部規則：%1（在設定中選擇）</translation>
    </message>
    <message>
        <source>House rules: %1 (found beside the document)</source>
        <translation>內部規則：%1（在文件旁找到）</translation>
    </message>
    <message>
        <source>House rules: %1 (found beside the database)</source>
        <translation>內部規則：%1（在數據庫旁找到）</translation>
    </message>
    <message>
        <source>No rules file is chosen in the settings, and there is no %1 in the document&apos;s folder or a parent: only kandev&apos;s own rules are checked.</source>
        <translation>設定中未選擇規則檔案，文件所在資料夾及其上層資料夾中亦沒有 %1：只檢查 kandev 本身的規則。</translation>
    </message>
    <message numerus="yes">
        <source>%1:%2:%3: %4 (%n problem(s) in all; policyctl lint --rules lists them)</source>
        <translation>
            <numerusform>%1:%2:%3: %4（共 %n 個問題；policyctl lint --rules 會列出）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::LiveRoutesModel</name>
    <message>
        <source>Selecting</source>
        <translation>正在選擇</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>正在啓動</translation>
    </message>
    <message>
        <source>Waiting (no candidate)</source>
        <translation>等待中（沒有候選設定檔）</translation>
    </message>
    <message>
        <source>Retrying</source>
        <translation>正在重試</translation>
    </message>
    <message>
        <source>Retry wait</source>
        <translation>重試等待</translation>
    </message>
    <message>
        <source>Waiting for reset</source>
        <translation>正在等待重設</translation>
    </message>
    <message>
        <source>Action required</source>
        <translation>需要恢復操作</translation>
    </message>
    <message>
        <source>Unknown: %1</source>
        <translation>未知：%1</translation>
    </message>
    <message>
        <source>due</source>
        <translation>已到期</translation>
    </message>
    <message>
        <source>Deadline %1, due now.</source>
        <translation>期限 %1，現已到期。</translation>
    </message>
    <message>
        <source>Deadline %1, in %2.</source>
        <translation>期限 %1，尚餘 %2。</translation>
    </message>
    <message>
        <source>unknown: %1</source>
        <translation>未知：%1</translation>
    </message>
    <message>
        <source>wait up to %1 for a reset</source>
        <translation>最多等待重設 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n retries from %1</source>
        <translation>
            <numerusform>%n 次重試（由 %1 起）</numerusform>
        </translation>
    </message>
    <message>
        <source>no wait, no retry</source>
        <translation>不等待、不重試</translation>
    </message>
    <message>
        <source>, then </source>
        <translation>，然後</translation>
    </message>
    <message>
        <source>skip, but no candidate is left (the route waits)</source>
        <translation>略過，但已沒有剩餘的候選設定檔（路由會等待）</translation>
    </message>
    <message>
        <source>skip to %1</source>
        <translation>略過並轉到 %1</translation>
    </message>
    <message>
        <source>stop for a person</source>
        <translation>停止並等待手動恢復</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: retry %1 of %2 in %3, then %4.</source>
        <translation>如果同一錯誤在期限時再次出現：%3 後進行第 %1 次重試（共 %2 次），然後%4。</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: wait %1 for the provider&apos;s reset, then %2.</source>
        <translation>如果同一錯誤在期限時再次出現：等待供應商重設 %1，然後%2。</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: %1.</source>
        <translation>如果同一錯誤在期限時再次出現：%1。</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: stop for a person (the error is not classified).</source>
        <translation>如果同一錯誤在期限時再次出現：停止並等待手動恢復（該錯誤未分類）。</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: stop for a person.</source>
        <translation>如果同一錯誤在期限時再次出現：停止並等待手動恢復。</translation>
    </message>
    <message>
        <source>%1: scheduled under %2; you are editing %3.</source>
        <translation>%1：按 %2 排定；你正在編輯 %3。</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>無法讀取</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>不同</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>Agent profile %1</source>
        <translation>代理程式設定檔 %1</translation>
    </message>
    <message>
        <source>This route&apos;s row cannot be read: %1</source>
        <translation>無法讀取此路由的資料列：%1</translation>
    </message>
    <message>
        <source>policy_state_json cannot be read: %1</source>
        <translation>無法讀取 policy_state_json：%1</translation>
    </message>
    <message>
        <source>The policy it was scheduled under cannot be read: %1</source>
        <translation>無法讀取排定它時所用的策略：%1</translation>
    </message>
    <message>
        <source>What the route does when its waits and retries are used up (the pending outcome it was scheduled with)</source>
        <translation>等待和重試都用完後路由的處理方式（排定時設定的待定結果）</translation>
    </message>
    <message>
        <source>The classes whose wait for a provider reset this route cycle has used</source>
        <translation>此路由週期已使用過等待供應商重設的錯誤類別</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>工作階段</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候選設定檔</translation>
    </message>
    <message>
        <source>State</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重試</translation>
    </message>
    <message>
        <source>Reset waits</source>
        <translation>重設等待</translation>
    </message>
    <message>
        <source>Then</source>
        <translation>然後</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>期限</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>剩餘</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
</context>
<context>
    <name>model::ProfileListModel</name>
    <message numerus="yes">
        <source>%1 — %n candidate(s)</source>
        <translation>
            <numerusform>%1 — %n 個候選設定檔</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 [disabled]</source>
        <extracomment>A dynamic profile switched off (agent_profiles.enabled), as the Route dock lists it.</extracomment>
        <translation>%1（已停用）</translation>
    </message>
</context>
<context>
    <name>model::TimelineEventModel</name>
    <message>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候選設定檔</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>錯誤</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>決定</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>model::TimelinePreview</name>
    <message>
        <source>Attempt %1</source>
        <translation>第 %1 次嘗試</translation>
    </message>
    <message>
        <source>Retry %1 after %2</source>
        <translation>%2 後第 %1 次重試</translation>
    </message>
    <message>
        <source>Reset wait %1</source>
        <translation>重設等待 %1</translation>
    </message>
    <message>
        <source>Skip to the next candidate</source>
        <translation>略過並轉到下一個候選設定檔</translation>
    </message>
    <message>
        <source>Stop: action required</source>
        <translation>停止：需要恢復操作</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>No eligible candidate left</source>
        <translation>沒有剩餘符合條件的候選設定檔</translation>
    </message>
    <message>
        <source>Configuration error</source>
        <translation>設定錯誤</translation>
    </message>
    <message>
        <source>Simulation stopped at its event limit</source>
        <translation>模擬已在事件上限處停止</translation>
    </message>
    <message>
        <source>Passed over: circuit open for %1</source>
        <translation>已繞過：斷路器開啟 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>%1: what the error is (&quot;model at capacity&quot;), %2: its class (&quot;transient errors&quot;)</extracomment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 · retry ordinal %2 · until +%3 · then %4</source>
        <extracomment>%3: the deadline as an offset from the first failure</extracomment>
        <translation>%1 · 第 %2 次重試 · 直至 +%3 · 然後%4</translation>
    </message>
    <message>
        <source>%1 · trusted reset at +%2 · then %3</source>
        <translation>%1 · 可信重設時間 +%2 · 然後%3</translation>
    </message>
    <message>
        <source>%1 · safety gate: unclassified or after side effects</source>
        <translation>%1 · 安全閘：未分類或發生副作用之後</translation>
    </message>
    <message>
        <source>%1 · %2 · until %3</source>
        <translation>%1 · %2 · 直至 %3</translation>
    </message>
    <message>
        <source>The provider reports a trusted reset in %1, within this candidate&apos;s %2 maximum wait for %3, so it waits and tries once more.</source>
        <translation>供應商回報 %1 後可信重設，不超過此候選設定檔對%3的最大等待時間 %2，因此會等待並再嘗試一次。</translation>
    </message>
    <message>
        <source>Retry %1 of %2: the first retry after %3, doubled for each retry after it.</source>
        <translation>第 %1 次重試（共 %2 次）：首次重試在 %3 後，之後每次重試間隔加倍。</translation>
    </message>
    <message numerus="yes">
        <source>All %n retry(s) are used.</source>
        <translation>
            <numerusform>全部 %n 次重試均已用完。</numerusform>
        </translation>
    </message>
    <message>
        <source>Retrying is off for %1 on this candidate.</source>
        <translation>此候選設定檔已為%1關閉重試。</translation>
    </message>
    <message>
        <source>Once recovery is exhausted, %1 on this candidate skip to the next candidate.</source>
        <translation>恢復操作耗盡後，此候選設定檔的%1會略過並轉到下一個候選設定檔。</translation>
    </message>
    <message>
        <source>Once recovery is exhausted, %1 on this candidate stop for manual recovery.</source>
        <translation>恢復操作耗盡後，此候選設定檔的%1會停止並手動恢復。</translation>
    </message>
    <message>
        <source>Attempt %1 succeeds in this scenario.</source>
        <translation>在此情境下，第 %1 次嘗試會成功。</translation>
    </message>
    <message>
        <source>Every later candidate is disabled or was skipped: no candidate is left to try.</source>
        <translation>之後的所有候選設定檔均已停用或已被略過：沒有剩餘可嘗試的候選設定檔。</translation>
    </message>
    <message>
        <source>This candidate&apos;s policies are not valid (%1), so the cycle stops here.</source>
        <translation>此候選設定檔的策略無效（%1），因此週期在此停止。</translation>
    </message>
    <message>
        <source>The scenario never ends; the preview stops at its event limit.</source>
        <translation>此情境永遠不會結束；預覽會在事件上限處停止。</translation>
    </message>
    <message>
        <source>kandev paused %1 after %2 until %3; a candidate whose circuit is open is passed over without an attempt.</source>
        <extracomment>%1: a resource key such as profile:claude-sonnet, %2: a failure code, %3: a time</extracomment>
        <translation>kandev 在 %2 之後將 %1 暫停至 %3；斷路器開啟的候選設定檔會被繞過，不作嘗試。</translation>
    </message>
    <message>
        <source>success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>stop for manual recovery</source>
        <translation>停止並手動恢復</translation>
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation>沒有剩餘符合條件的候選設定檔</translation>
    </message>
    <message>
        <source>a configuration error</source>
        <translation>設定錯誤</translation>
    </message>
    <message>
        <source>the event limit</source>
        <translation>事件上限</translation>
    </message>
    <message numerus="yes">
        <source>%n attempt(s) in %1, ending in %2.</source>
        <translation>
            <numerusform>%n 次嘗試，歷時 %1，結局：%2。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, then stop on %2</source>
        <translation>%1，然後在 %2 停止</translation>
    </message>
    <message>
        <source>%1, then no eligible candidate</source>
        <translation>%1，然後沒有符合條件的候選設定檔</translation>
    </message>
    <message>
        <source>Worst case from the first failure: transient errors %1; hard errors %2.</source>
        <translation>從首次失敗起計的最壞情況——暫時性錯誤：%1；硬錯誤：%2。</translation>
    </message>
    <message>
        <source>%1 is disabled and never tried.</source>
        <translation>%1 已停用，永遠不會被嘗試。</translation>
    </message>
    <message>
        <source>%1 is invalid and stops every cycle that reaches it.</source>
        <translation>%1 無效，會停止每個到達它的週期。</translation>
    </message>
    <message>
        <source>%1 is never reached for %2: an earlier candidate stops.</source>
        <translation>遇到%2時永遠不會到達 %1：較前的候選設定檔會停止。</translation>
    </message>
    <message>
        <source>Every candidate skips %1: the route ends with no eligible candidate.</source>
        <translation>每個候選設定檔都會略過%1：路由最終沒有符合條件的候選設定檔。</translation>
    </message>
    <message>
        <source>%1 retries hard errors without a reset wait; quota and credential errors rarely clear that fast.</source>
        <translation>%1 重試硬錯誤時沒有重設等待；配額和憑證錯誤很少會這麼快消除。</translation>
    </message>
    <message>
        <source>No candidate is enabled.</source>
        <translation>沒有已啓用的候選設定檔。</translation>
    </message>
    <message>
        <source>%1 references a profile it may not use; kandev will not run it.</source>
        <translation>%1 引用了它不可使用的設定檔；kandev 不會執行它。</translation>
    </message>
    <message numerus="yes">
        <source>The simulation stopped after %n event(s).</source>
        <translation>
            <numerusform>模擬在 %n 個事件後停止。</numerusform>
        </translation>
    </message>
    <message>
        <source>Retry timeline for the scenario %1. %2</source>
        <translation>情境「%1」的重試時間線。%2</translation>
    </message>
    <message>
        <source>Compared with the saved policy: %1.</source>
        <extracomment>%1: what the edit does to the route (&quot;+1 attempt, 40 s longer&quot;); the saved route is drawn dashed</extracomment>
        <translation>與已儲存的策略相比：%1。</translation>
    </message>
    <message>
        <source>This candidate&apos;s configuration cannot be simulated.</source>
        <translation>無法模擬此候選設定檔的設定。</translation>
    </message>
</context>
<context>
    <name>model::ValidationModel</name>
    <message>
        <source>Problem</source>
        <translation>問題</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候選設定檔</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>欄位</translation>
    </message>
</context>
</TS>
