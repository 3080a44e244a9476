<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChangeReview</name>
    <message>
        <source>Written to the database, all in one transaction:</source>
        <translation>将在一个事务中全部写入数据库：</translation>
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
        <translation>配置 %1</translation>
    </message>
    <message>
        <source>profile %1 (%2)</source>
        <translation>配置 %1（%2）</translation>
    </message>
    <message>
        <source>version %1 becomes %2</source>
        <translation>版本 %1 变为 %2</translation>
    </message>
    <message>
        <source>written as a new profile</source>
        <translation>作为新配置写入</translation>
    </message>
    <message>
        <source>this kandev keeps no route state</source>
        <translation>此 kandev 不保存路由状态</translation>
    </message>
    <message>
        <source>the routes running now could not be read (%1)</source>
        <translation>无法读取当前正在运行的路由（%1）</translation>
    </message>
    <message>
        <source>no route is running under it</source>
        <translation>没有路由在其下运行</translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running, none waiting for a deadline: each meets the new policy at its next failure</source>
        <translation>
            <numerusform>%n 条路由正在运行，没有路由在等待截止时间：每条路由在下次失败时采用新策略</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running</source>
        <translation>
            <numerusform>%n 条路由正在运行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting under the old policy: their scheduled deadlines stay, their next failure uses the new one</source>
        <translation>
            <numerusform>%n 条路由按旧策略等待：其已排定的截止时间不变，下次失败时采用新策略</numerusform>
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
        <translation>没有差异</translation>
    </message>
    <message>
        <source>(document)</source>
        <translation>（文档）</translation>
    </message>
    <message>
        <source>profile %1 added:</source>
        <translation>已添加配置 %1：</translation>
    </message>
    <message>
        <source>profile %1 (%2) added:</source>
        <translation>已添加配置 %1（%2）：</translation>
    </message>
    <message>
        <source>profile %1 removed:</source>
        <translation>已移除配置 %1：</translation>
    </message>
    <message>
        <source>profile %1 (%2) removed:</source>
        <translation>已移除配置 %1（%2）：</translation>
    </message>
    <message>
        <source>profile %1:</source>
        <translation>配置 %1：</translation>
    </message>
    <message>
        <source>profile %1 (%2):</source>
        <translation>配置 %1（%2）：</translation>
    </message>
    <message>
        <source>name &quot;%1&quot; -&gt; &quot;%2&quot;</source>
        <translation>名称“%1” → “%2”</translation>
    </message>
    <message>
        <source>profile enabled (was disabled)</source>
        <translation>配置已启用（原为已禁用）</translation>
    </message>
    <message>
        <source>profile disabled (was enabled): kandev no longer offers it for new tasks</source>
        <translation>配置已禁用（原为已启用）：kandev 不再为新任务提供此配置</translation>
    </message>
    <message>
        <source>candidate %1 added at %2</source>
        <translation>候选配置 %1 已添加到第 %2 位</translation>
    </message>
    <message>
        <source>candidate %1 removed from %2</source>
        <translation>候选配置 %1 已从第 %2 位移除</translation>
    </message>
    <message>
        <source>candidate %1 moved from %2 to %3</source>
        <translation>候选配置 %1 已从第 %2 位移到第 %3 位</translation>
    </message>
    <message>
        <source>candidate %1</source>
        <translation>候选配置 %1</translation>
    </message>
    <message>
        <source>cannot compare: %1</source>
        <translation>无法比较：%1</translation>
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
        <translation>粘贴一条错误，查看它如何分类。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br/&gt;%3 · rule &lt;code&gt;%4&lt;/code&gt; · %5 · confidence %6 · scope %7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br/&gt;%3 · 规则 &lt;code&gt;%4&lt;/code&gt; · %5 · 置信度 %6 · 范围 %7</translation>
    </message>
    <message>
        <source>kandev&apos;s own rules say &lt;code&gt;%1&lt;/code&gt; here; this catalogue differs on purpose (see the README).</source>
        <translation>kandev 自身的规则在此给出 &lt;code&gt;%1&lt;/code&gt;；本错误目录有意与之不同（参见 README）。</translation>
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation>“%1”（%2）</translation>
    </message>
    <message>
        <source>Reset hint from %1: in %2 (trusted)</source>
        <translation>来自 %1 的重置提示：%2 后（可信）</translation>
    </message>
    <message>
        <source>Reset hint from %1: not trusted (%2)</source>
        <translation>来自 %1 的重置提示：不可信（%2）</translation>
    </message>
    <message>
        <source>No reset hint.</source>
        <translation>没有重置提示。</translation>
    </message>
    <message>
        <source>Only the first 16 KiB and 64 headers were read.</source>
        <translation>仅读取了前 16 KiB 内容和前 64 个标头。</translation>
    </message>
    <message>
        <source>Select a candidate to see its decision.</source>
        <translation>选择一个候选配置以查看其决策。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>The pasted error, every attempt</source>
        <translation>粘贴的错误，每次尝试都出现</translation>
    </message>
</context>
<context>
    <name>FileText</name>
    <message>
        <source>a directory</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>FIFO（命名管道）</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>字符设备</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>块设备</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>a symbolic link</source>
        <translation>符号链接</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1：文件不存在</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>%2: the operating system&apos;s reason, as it gave it</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: is %2, not a regular file; documents are read only from regular files</source>
        <translation>%1：是%2，不是普通文件；只能从普通文件读取文档</translation>
    </message>
    <message>
        <source>%1: the file is %2; documents are limited to %3</source>
        <translation>%1：文件大小为 %2；文档上限为 %3</translation>
    </message>
    <message>
        <source>%1: no space left on the device that holds it; nothing was written</source>
        <translation>%1：所在设备已无可用空间；未写入任何内容</translation>
    </message>
    <message>
        <source>%1: the disk quota is exhausted; nothing was written</source>
        <translation>%1：磁盘配额已用尽；未写入任何内容</translation>
    </message>
    <message>
        <source>%1: permission denied; nothing was written</source>
        <translation>%1：权限被拒绝；未写入任何内容</translation>
    </message>
    <message>
        <source>%1: the file system is read-only; nothing was written</source>
        <translation>%1：文件系统为只读；未写入任何内容</translation>
    </message>
    <message>
        <source>%1: %2; nothing was written</source>
        <translation>%1：%2；未写入任何内容</translation>
    </message>
</context>
<context>
    <name>KandevText</name>
    <message>
        <source>%1: backup failed, nothing was written: %2</source>
        <translation>%1：备份失败，未写入任何内容：%2</translation>
    </message>
    <message>
        <source>%1: backup to %2 failed, nothing was written: %3</source>
        <translation>%1：备份到 %2 失败，未写入任何内容：%3</translation>
    </message>
    <message>
        <source>backup failed, nothing was written: %1</source>
        <translation>备份失败，未写入任何内容：%1</translation>
    </message>
    <message>
        <source>%1: no such database file</source>
        <translation>%1：数据库文件不存在</translation>
    </message>
    <message>
        <source>not a PostgreSQL URL (postgres://user:password@host:port/database)</source>
        <translation>不是 PostgreSQL URL（postgres://用户:密码@主机:端口/数据库）</translation>
    </message>
    <message>
        <source>no database given</source>
        <translation>未指定数据库</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_PATH is not set</source>
        <translation>未设置 KANDEV_DATABASE_PATH</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_DRIVER must be sqlite or postgres, not &apos;%1&apos;</source>
        <translation>KANDEV_DATABASE_DRIVER 必须是 sqlite 或 postgres，而不是“%1”</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_PORT must be a port number from 1 to 65535, not &apos;%1&apos;</source>
        <translation>KANDEV_DATABASE_PORT 必须是 1 到 65535 之间的端口号，而不是“%1”</translation>
    </message>
    <message>
        <source>%1 (reading the live routes)</source>
        <translation>%1（读取实时路由时）</translation>
    </message>
    <message>
        <source>%1 is not a kandev database: it has no %2 table (kandev&apos;s are agents, agent_profiles, dynamic_agent_profiles and dynamic_agent_routes)</source>
        <translation>%1 不是 kandev 数据库：缺少 %2 表（kandev 的智能体与配置表为 agents、agent_profiles、dynamic_agent_profiles 和 dynamic_agent_routes）</translation>
    </message>
    <message>
        <source>%1: %2 (did kandev&apos;s tables change since they were read?); nothing was written</source>
        <translation>%1：%2（读取后 kandev 的表是否已更改？）；未写入任何内容</translation>
    </message>
    <message>
        <source>%1: %2; nothing was written</source>
        <translation>%1：%2；未写入任何内容</translation>
    </message>
    <message>
        <source>profile &quot;%1&quot;: its agent profile row was changed or deleted in the database since it was read; nothing was written, reload and review again</source>
        <translation>配置“%1”：读取后，其智能体配置行已在数据库中被更改或删除；未写入任何内容，请重新加载并再次审阅</translation>
    </message>
    <message>
        <source>%1 has no agent named &quot;%2&quot; (kandev&apos;s built-in dynamic agent, which kandev adds when dynamic routing is on); nothing was written</source>
        <translation>%1 中没有名为“%2”的智能体（kandev 内置的动态智能体，启用动态路由时由 kandev 添加）；未写入任何内容</translation>
    </message>
    <message>
        <source>profile &quot;%1&quot;: its routes were changed in the database since it was read (without a version change); nothing was written, reload and review again</source>
        <translation>配置“%1”：读取后，其路由已在数据库中被更改（版本未变）；未写入任何内容，请重新加载并再次审阅</translation>
    </message>
    <message>
        <source>%1 is not the database that was read (%2); nothing was written, open it again</source>
        <translation>%1 不是之前读取的数据库（%2）；未写入任何内容，请重新打开</translation>
    </message>
    <message>
        <source>the file at that path was replaced</source>
        <translation>该路径上的文件已被替换</translation>
    </message>
    <message>
        <source>another server or database answers there</source>
        <translation>该处由另一个服务器或数据库应答</translation>
    </message>
    <message>
        <source>profile &quot;%1&quot; was changed in the database since it was read (version %2 expected); nothing was written, reload and review again</source>
        <translation>配置“%1”在读取后已在数据库中被更改（应为版本 %2）；未写入任何内容，请重新加载并再次审阅</translation>
    </message>
    <message>
        <source>%1 is locked: another connection is writing to it (%2); nothing was read, try again when it is done</source>
        <translation>%1 已被锁定：另一个连接正在写入（%2）；未读取任何内容，请在其完成后重试</translation>
    </message>
</context>
<context>
    <name>MigrationReview</name>
    <message>
        <source>Dynamic profile</source>
        <translation>动态配置</translation>
    </message>
    <message>
        <source>Profile %1</source>
        <translation>配置 %1</translation>
    </message>
    <message>
        <source>kandev&apos;s Go backend applies rules in sorted key order and would use &lt;code&gt;%1&lt;/code&gt; for %2 (%3). Policy Studio follows the documented rule: &lt;code&gt;%4&lt;/code&gt; wins (%5).</source>
        <translation>kandev 的 Go 后端按键的排序顺序应用规则，对%2会使用 &lt;code&gt;%1&lt;/code&gt;（%3）。Policy Studio 遵循文档规定的规则：&lt;code&gt;%4&lt;/code&gt; 优先（%5）。</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>已启用</translation>
    </message>
    <message>
        <source>disabled: the route skips it</source>
        <translation>已禁用：路由会跳过它</translation>
    </message>
    <message>
        <source>Legacy rules</source>
        <translation>旧版规则</translation>
    </message>
    <message>
        <source>Becomes</source>
        <translation>变为</translation>
    </message>
    <message>
        <source>&lt;i&gt;No rules and no policies.&lt;/i&gt;</source>
        <translation>&lt;i&gt;没有规则，也没有策略。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;Cannot be migrated.&lt;/i&gt;</source>
        <translation>&lt;i&gt;无法迁移。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>try the next candidate</source>
        <translation>尝试下一个候选配置</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>retry the same candidate</source>
        <translation>重试同一候选配置</translation>
    </message>
    <message>
        <source>Gets the default: no wait, no retry, skip, for both classes.</source>
        <translation>采用默认值：两个类别均不等待、不重试、跳过。</translation>
    </message>
    <message>
        <source>Written &lt;code&gt;&quot;%1&quot;&lt;/code&gt; → &lt;code&gt;&quot;%2&quot;&lt;/code&gt;; read, as kandev reads it, with the white space around it trimmed.</source>
        <translation>写作 &lt;code&gt;&quot;%1&quot;&lt;/code&gt; → &lt;code&gt;&quot;%2&quot;&lt;/code&gt;；按 kandev 的读法读取，即去掉两侧的空白。</translation>
    </message>
    <message>
        <source>The per-code rule &lt;code&gt;%1&lt;/code&gt; wins over it for its class.</source>
        <translation>在其类别中，按代码的规则 &lt;code&gt;%1&lt;/code&gt; 优先于它。</translation>
    </message>
    <message>
        <source>&lt;code&gt;%1&lt;/code&gt; becomes %2 — kandev&apos;s documented mapping.</source>
        <translation>&lt;code&gt;%1&lt;/code&gt; 变为：%2（kandev 文档规定的映射）。</translation>
    </message>
    <message>
        <source>No rule covers %1; they get the default (no wait, no retry, skip).</source>
        <translation>没有规则适用于%1；它们采用默认值（不等待、不重试、跳过）。</translation>
    </message>
    <message>
        <source>In profile %1, candidate %2. %3: settle its rules in kandev.</source>
        <translation>配置 %1 中的候选配置 %2。%3：请在 kandev 中解决其规则。</translation>
    </message>
    <message>
        <source>Field: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>字段：&lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>show line %1 of the file</source>
        <translation>显示文件的第 %1 行</translation>
    </message>
    <message>
        <source>Choose the rule that decides %1 (the others are removed; Undo brings them back):</source>
        <translation>选择决定%1的规则（其余规则会被移除；撤销可将其恢复）：</translation>
    </message>
    <message>
        <source>transient and hard errors</source>
        <translation>暂时性错误和硬错误</translation>
    </message>
    <message>
        <source>&lt;code&gt;%1&lt;/code&gt; covers %2 and means: %3.</source>
        <translation>&lt;code&gt;%1&lt;/code&gt; 涵盖%2，含义为：%3。</translation>
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
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>no outcome</source>
        <translation>无结果</translation>
    </message>
    <message>
        <source>wait up to %1</source>
        <translation>最多等待 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n retries from %1</source>
        <translation>
            <numerusform>从 %1 起重试 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>stop immediately</source>
        <translation>立即停止</translation>
    </message>
    <message>
        <source>skip immediately</source>
        <translation>立即跳过</translation>
    </message>
    <message>
        <source>no outcome set</source>
        <translation>未设置结果</translation>
    </message>
    <message>
        <source>%1, then %2</source>
        <extracomment>%1: what is tried, %2: skip or stop</extracomment>
        <translation>%1，然后%2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Transient: %1 · Hard: %2</source>
        <translation>暂时性错误：%1 · 硬错误：%2</translation>
    </message>
    <message>
        <source>No retries: the first failure goes straight to the outcome.</source>
        <translation>不重试：首次失败直接进入结果。</translation>
    </message>
    <message>
        <source>No schedule until the retry values above are within their limits.</source>
        <translation>在上方的重试值处于限制范围内之前，不显示时间表。</translation>
    </message>
    <message>
        <source>Retries after %1, then %2.</source>
        <translation>依次在 %1 后重试，然后%2。</translation>
    </message>
    <message numerus="yes">
        <source>%n retries: %1 attempts in all, up to %2 of waiting.</source>
        <translation>
            <numerusform>重试 %n 次：共尝试 %1 次，最多等待 %2。</numerusform>
        </translation>
    </message>
    <message>
        <source>Delays stop growing at the %1 cap.</source>
        <translation>延迟增长到 %1 上限后不再增加。</translation>
    </message>
    <message>
        <source>Transient errors</source>
        <translation>暂时性错误</translation>
    </message>
    <message>
        <source>Hard errors</source>
        <translation>硬错误</translation>
    </message>
    <message>
        <source>Unclassified errors</source>
        <translation>未分类错误</translation>
    </message>
    <message>
        <source>transient errors</source>
        <extracomment>the class inside a sentence (&quot;retries for transient errors of X&quot;); German keeps the noun&apos;s capital</extracomment>
        <translation>暂时性错误</translation>
    </message>
    <message>
        <source>hard errors</source>
        <translation>硬错误</translation>
    </message>
    <message>
        <source>unclassified errors</source>
        <translation>未分类错误</translation>
    </message>
    <message>
        <source>The provider, the network or the model is briefly unable to serve. These usually clear on their own within seconds or minutes.</source>
        <translation>提供商、网络或模型暂时无法提供服务。这类错误通常会在几秒或几分钟内自行消除。</translation>
    </message>
    <message>
        <source>The account, subscription, quota, credentials, configuration or model needs a long reset or a person. Retrying soon rarely helps; a trusted reset time can.</source>
        <translation>账户、订阅、配额、凭据、配置或模型需要较长时间重置或人工处理。短时间内重试很少奏效；可信的重置时间则有帮助。</translation>
    </message>
    <message>
        <source>Anything the catalogue does not know. It always stops automatic recovery.</source>
        <translation>错误目录无法识别的任何错误。它总会停止自动恢复。</translation>
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
        <translation>不属于任一类别：未知（未分类）错误，任务、仓库、权限或工具错误，以及智能体产生输出或使用工具之后的任何错误。这些错误总会停止并等待人工处理，以免重复执行工作。</translation>
    </message>
    <message>
        <source>A route moves to the next candidate only after a classified provider error, and only when that candidate&apos;s policy for the class says skip once its retries are used up: transient errors (rate limits, overload, capacity, network, provider outages) and hard errors (quota, subscription, credentials, configuration, unavailable models).</source>
        <translation>仅在发生已分类的提供商错误，且该候选配置针对此类别的策略规定重试用尽后跳过时，路由才会转到下一个候选配置：暂时性错误（速率限制、过载、容量不足、网络、提供商中断）和硬错误（配额、订阅、凭据、配置、模型不可用）。</translation>
    </message>
    <message>
        <source>It never switches for an unclassified error (unknown, task, repository, permission or tool errors) nor for any error after the agent produced output or used a tool: those stop for a person, so that no work runs twice.</source>
        <translation>对于未分类错误（未知、任务、仓库、权限或工具错误），以及智能体产生输出或使用工具之后的任何错误，路由都不会切换：这些情况会停止并等待人工处理，以免重复执行工作。</translation>
    </message>
    <message>
        <source>After a provider fails, kandev pauses it for one minute, or until the reset time it reported, and then lets a single health probe through before any route uses it again.</source>
        <translation>提供商失败后，kandev 会将其暂停 1 分钟，或暂停到其报告的重置时间，然后在任何路由再次使用它之前，先放行一次健康探测。</translation>
    </message>
    <message>
        <source>Waiting for a reset happens at most once per candidate and class in a route cycle, only for a trusted reset time within the maximum wait, and it does not use up a retry: after the wait, kandev tries the candidate once more before its retries apply.</source>
        <translation>在一个路由周期中，每个候选配置和类别最多等待一次重置，且仅限于不超过最大等待时间的可信重置时间；等待不会消耗重试次数：等待结束后，kandev 会先再尝试该候选配置一次，然后才应用其重试。</translation>
    </message>
    <message>
        <source>network unavailable</source>
        <translation>网络不可用</translation>
    </message>
    <message>
        <source>provider unavailable</source>
        <translation>提供商不可用</translation>
    </message>
    <message>
        <source>provider overloaded</source>
        <translation>提供商过载</translation>
    </message>
    <message>
        <source>model at capacity</source>
        <translation>模型暂时没有可用容量</translation>
    </message>
    <message>
        <source>short rate limit</source>
        <translation>短时速率限制</translation>
    </message>
    <message>
        <source>agent connection lost</source>
        <translation>智能体连接已断开</translation>
    </message>
    <message>
        <source>sign-in required</source>
        <translation>需要登录</translation>
    </message>
    <message>
        <source>missing API key</source>
        <translation>缺少 API 密钥</translation>
    </message>
    <message>
        <source>subscription or billing required</source>
        <translation>需要订阅或付费</translation>
    </message>
    <message>
        <source>quota or spend limit reached</source>
        <translation>已达到配额或支出上限</translation>
    </message>
    <message>
        <source>model not available</source>
        <translation>模型不可用</translation>
    </message>
    <message>
        <source>provider not configured</source>
        <translation>提供商未配置</translation>
    </message>
    <message>
        <source>unknown provider error</source>
        <translation>未知提供商错误</translation>
    </message>
    <message>
        <source>agent runtime error</source>
        <translation>智能体运行时错误</translation>
    </message>
    <message>
        <source>task error</source>
        <translation>任务错误</translation>
    </message>
    <message>
        <source>repository error</source>
        <translation>仓库错误</translation>
    </message>
    <message>
        <source>permission denied by the user</source>
        <translation>用户拒绝了权限</translation>
    </message>
    <message>
        <source>corrupted resume state</source>
        <translation>会话续接状态已损坏</translation>
    </message>
    <message>
        <source>corrupted npx cache</source>
        <translation>npx 缓存已损坏</translation>
    </message>
    <message>
        <source>agent package version not found by npm</source>
        <translation>npm 未找到智能体包的版本</translation>
    </message>
    <message>
        <source>Must be between %1 and %2 (found %3).</source>
        <translation>必须介于 %1 和 %2 之间（当前为 %3）。</translation>
    </message>
    <message>
        <source>Must be 0 while this section is off (found %1).</source>
        <translation>此部分关闭时必须为 0（当前为 %1）。</translation>
    </message>
    <message>
        <source>Choose what happens when recovery is exhausted.</source>
        <translation>选择恢复操作耗尽后的处理方式。</translation>
    </message>
    <message>
        <source>Unsupported policy version %1; this editor supports %2.</source>
        <translation>不支持的策略版本 %1；此编辑器支持 %2。</translation>
    </message>
    <message>
        <source>A dynamic profile needs at least one candidate.</source>
        <translation>动态配置至少需要一个候选配置。</translation>
    </message>
    <message>
        <source>Candidate %1 carries position %2; positions are renumbered on save.</source>
        <translation>候选配置 %1 的位置为 %2；保存时会重新编号位置。</translation>
    </message>
    <message>
        <source>The candidate does not name an agent profile.</source>
        <translation>该候选配置未指定智能体配置。</translation>
    </message>
    <message>
        <source>The candidate has both policies and legacy rules.</source>
        <translation>该候选配置同时具有策略和旧版规则。</translation>
    </message>
    <message>
        <source>Candidate %1 already names this agent profile; kandev refuses a route that names a profile twice.</source>
        <translation>候选配置 %1 已指定此智能体配置；kandev 拒绝两次指定同一配置的路由。</translation>
    </message>
    <message>
        <source>Profile name is required.</source>
        <translation>配置名称为必填项。</translation>
    </message>
    <message>
        <source>The candidate is this dynamic profile itself; kandev refuses a profile as its own candidate.</source>
        <translation>该候选配置就是此动态配置本身；kandev 拒绝将配置作为其自身的候选配置。</translation>
    </message>
    <message>
        <source>Agent profile %1 is not in this file; kandev refuses a candidate whose profile does not exist.</source>
        <translation>智能体配置 %1 不在此文件中；kandev 拒绝其配置不存在的候选配置。</translation>
    </message>
    <message>
        <source>Agent profile %1 is deleted; kandev refuses it as a candidate.</source>
        <translation>智能体配置 %1 已删除；kandev 拒绝将其作为候选配置。</translation>
    </message>
    <message>
        <source>Agent profile %1 has no agent; kandev refuses a profile without an agent.</source>
        <translation>智能体配置 %1 没有智能体；kandev 拒绝没有智能体的配置。</translation>
    </message>
    <message>
        <source>Agent profile %1 is a dynamic profile; kandev refuses dynamic profiles as candidates.</source>
        <translation>智能体配置 %1 是动态配置；kandev 拒绝将动态配置作为候选配置。</translation>
    </message>
    <message>
        <source>Agent profile %1 is an Office profile (it has a workspace or a role); kandev refuses Office profiles as candidates.</source>
        <translation>智能体配置 %1 是办公室配置（它有工作区或角色）；kandev 拒绝将办公室配置作为候选配置。</translation>
    </message>
    <message>
        <source>Agent profile %1 has automatic fallback; kandev refuses such profiles as candidates.</source>
        <translation>智能体配置 %1 启用了自动回退；kandev 拒绝将此类配置作为候选配置。</translation>
    </message>
    <message>
        <source>Agent profile %1 is disabled; a disabled profile cannot be a candidate.</source>
        <translation>智能体配置 %1 已禁用；已禁用的配置不能作为候选配置。</translation>
    </message>
    <message>
        <source>Warning: kandev may refuse agent profile %1: its agent %2 is not one of the inference agents kandev of %3 knows.</source>
        <extracomment>%3 is the date of the kandev release whose list of agents this build knows</extracomment>
        <translation>警告：kandev 可能拒绝智能体配置 %1：其智能体 %2 不在 %3 版 kandev 已知的推理智能体之列。</translation>
    </message>
    <message>
        <source>this profile itself</source>
        <translation>此配置本身</translation>
    </message>
    <message>
        <source>already in the route</source>
        <translation>已在路由中</translation>
    </message>
    <message>
        <source>not in this file</source>
        <translation>不在此文件中</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>no agent</source>
        <translation>没有智能体</translation>
    </message>
    <message>
        <source>a dynamic profile</source>
        <translation>动态配置</translation>
    </message>
    <message>
        <source>an Office profile</source>
        <translation>办公室配置</translation>
    </message>
    <message>
        <source>automatic fallback</source>
        <translation>自动回退</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>已禁用</translation>
    </message>
    <message>
        <source>agent %1 may not be launchable</source>
        <translation>智能体 %1 可能无法启动</translation>
    </message>
    <message>
        <source>Legacy rules cannot be migrated: %1</source>
        <translation>旧版规则无法迁移：%1</translation>
    </message>
    <message>
        <source>Wait %1 for the provider&apos;s reset, then try this candidate once more; if that fails too: %2.</source>
        <translation>等待 %1 直到提供商重置，然后再尝试此候选配置一次；如果仍然失败：%2。</translation>
    </message>
    <message>
        <source>Retry %1 of this candidate after %2; when retries run out: %3.</source>
        <translation>%2 后对此候选配置进行第 %1 次重试；重试用尽后：%3。</translation>
    </message>
    <message>
        <source>Skip to the next candidate now.</source>
        <translation>立即跳至下一个候选配置。</translation>
    </message>
    <message>
        <source>Stop: this candidate&apos;s policies are invalid, and invalid settings never authorize work.</source>
        <translation>停止：此候选配置的策略无效，而无效设置绝不会授权执行工作。</translation>
    </message>
    <message>
        <source>Stop for manual recovery: the failure came after output or tool activity, so retrying could repeat side effects.</source>
        <translation>停止并手动恢复：失败发生在产生输出或工具活动之后，重试可能会重复副作用。</translation>
    </message>
    <message>
        <source>Stop for manual recovery: the classifier could not classify this error, and unclassified errors always stop.</source>
        <translation>停止并手动恢复：分类器无法对此错误进行分类，而未分类错误总会停止。</translation>
    </message>
    <message>
        <source>Stop for manual recovery.</source>
        <translation>停止并手动恢复。</translation>
    </message>
    <message>
        <source>The reset hint is not trusted for this error, so it is not used.</source>
        <translation>此错误的重置提示不可信，因此不予使用。</translation>
    </message>
    <message>
        <source>Wait-for-reset is off for %1 on this candidate, so the %2 hint is not used.</source>
        <translation>此候选配置针对%1关闭了等待重置，因此不使用“%2 后重置”的提示。</translation>
    </message>
    <message>
        <source>This candidate already waited for a reset of %1 in this cycle, so the %2 reset is not used.</source>
        <translation>此候选配置在本周期中已为%1等待过一次重置，因此不使用 %2 后的重置。</translation>
    </message>
    <message>
        <source>The reported reset is not in the future, so it is not used.</source>
        <translation>报告的重置时间不在将来，因此不予使用。</translation>
    </message>
    <message>
        <source>The %1 hint is beyond this candidate&apos;s %2 maximum wait for %3, so it is not used.</source>
        <translation>提示的 %1 超出了此候选配置针对%3的最大等待时间 %2，因此不予使用。</translation>
    </message>
    <message>
        <source>%1 is neither transient nor hard: unknown errors always stop for a person.</source>
        <translation>%1 既不是暂时性错误也不是硬错误：未知错误总会停止并等待人工处理。</translation>
    </message>
    <message>
        <source>The failure came after output or tool activity: errors after side effects always stop.</source>
        <translation>失败发生在产生输出或工具活动之后：产生副作用之后的错误总会停止。</translation>
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
        <translation>提供商</translation>
    </message>
    <message>
        <source>account</source>
        <comment>scope</comment>
        <translation>账户</translation>
    </message>
    <message>
        <source>model</source>
        <comment>scope</comment>
        <translation>模型</translation>
    </message>
    <message>
        <source>request</source>
        <comment>scope</comment>
        <translation>请求</translation>
    </message>
    <message>
        <source>guard</source>
        <comment>stage</comment>
        <extracomment>where a classification rule sits in kandev&apos;s order</extracomment>
        <translation>防护</translation>
    </message>
    <message>
        <source>structured</source>
        <comment>stage</comment>
        <translation>结构化</translation>
    </message>
    <message>
        <source>agent CLI</source>
        <comment>stage</comment>
        <translation>智能体 CLI</translation>
    </message>
    <message>
        <source>provider-neutral</source>
        <comment>stage</comment>
        <translation>与提供商无关</translation>
    </message>
    <message>
        <source>runtime</source>
        <comment>stage</comment>
        <translation>运行环境</translation>
    </message>
    <message>
        <source>phase fallback</source>
        <comment>stage</comment>
        <translation>执行时机兜底</translation>
    </message>
    <message>
        <source>parsed, in the future, and no other hint disagrees</source>
        <translation>已解析，在未来，且没有其他提示与之矛盾</translation>
    </message>
    <message>
        <source>could not be parsed</source>
        <translation>无法解析</translation>
    </message>
    <message>
        <source>cannot be represented: past %1</source>
        <translation>无法表示：超出 %1</translation>
    </message>
    <message>
        <source>not in the future</source>
        <translation>不在未来</translation>
    </message>
    <message>
        <source>more than a year away</source>
        <translation>在一年以后</translation>
    </message>
    <message>
        <source>agrees with %1</source>
        <extracomment>%1: another hint&apos;s source, e.g. retry-after</extracomment>
        <translation>与 %1 一致</translation>
    </message>
    <message>
        <source>disagrees with %1</source>
        <translation>与 %1 矛盾</translation>
    </message>
    <message>
        <source>conflicting hints: none is trusted</source>
        <translation>提示相互矛盾：均不可信</translation>
    </message>
    <message>
        <source>a time of day without a time zone is ambiguous</source>
        <translation>没有时区的时刻有歧义</translation>
    </message>
    <message>
        <source>unknown time zone %1</source>
        <extracomment>%1: the time zone&apos;s name as the error wrote it</extracomment>
        <translation>未知时区 %1</translation>
    </message>
    <message>
        <source>not a calendar date</source>
        <translation>不是有效的日历日期</translation>
    </message>
    <message>
        <source>Capacity error before output, every attempt</source>
        <translation>每次尝试都在输出前出现容量错误</translation>
    </message>
    <message>
        <source>Quota exhausted, reset in 1 min</source>
        <translation>配额耗尽，1 分钟后重置</translation>
    </message>
    <message>
        <source>Quota exhausted, reset in 6 h</source>
        <translation>配额耗尽，6 小时后重置</translation>
    </message>
    <message>
        <source>Two transient errors, then success</source>
        <translation>两次暂时性错误，然后成功</translation>
    </message>
    <message>
        <source>Unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>Failure after tool activity</source>
        <translation>工具活动之后的失败</translation>
    </message>
    <message>
        <source>candidate %1 (“%2”)</source>
        <extracomment>%1: the candidate&apos;s index in the route, %2: its profile id</extracomment>
        <translation>候选配置 %1（“%2”）</translation>
    </message>
    <message>
        <source>%1: a legacy rule has an empty key</source>
        <translation>%1：一条旧版规则的键为空</translation>
    </message>
    <message>
        <source>%1: the legacy rule key “%2” is neither on_provider_error nor a transient or hard error code</source>
        <extracomment>%2: the rule&apos;s key as written, e.g. rate_limitd</extracomment>
        <translation>%1：旧版规则的键“%2”既不是 on_provider_error，也不是暂时性错误或硬错误的代码</translation>
    </message>
    <message>
        <source>%1: the legacy rule “%2” has the unknown action “%3” (expected retry_same, try_next or stop)</source>
        <translation>%1：旧版规则“%2”的操作“%3”未知（应为 retry_same、try_next 或 stop）</translation>
    </message>
    <message>
        <source>%1: conflicting legacy rules for %2: %3</source>
        <extracomment>%2: the class in a sentence (&quot;transient errors&quot;); %3: the rules, e.g. rate_limited = stop</extracomment>
        <translation>%1：%2的旧版规则相互冲突：%3</translation>
    </message>
    <message>
        <source>%1 carries both policies and legacy rules</source>
        <translation>%1 同时带有策略和旧版规则</translation>
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
        <translation>语法错误：%1</translation>
    </message>
    <message>
        <source>the file is empty; expected a JSON document</source>
        <translation>文件为空；应为 JSON 文档</translation>
    </message>
    <message>
        <source>the file is %1; documents are limited to %2</source>
        <translation>文件大小为 %1；文档上限为 %2</translation>
    </message>
    <message>
        <source>JSON is nested more than %1 levels deep</source>
        <translation>JSON 嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>duplicate key %1: each key may appear once per object</source>
        <translation>重复的键 %1：每个对象中每个键只能出现一次</translation>
    </message>
    <message>
        <source>-0 is not a valid integer here; write 0</source>
        <translation>-0 在此处不是有效的整数；请写 0</translation>
    </message>
    <message>
        <source>schema: %1</source>
        <extracomment>%1: the JSON Schema validator&apos;s own words, in English</extracomment>
        <translation>架构：%1</translation>
    </message>
    <message>
        <source>is also the id of %1; kandev keeps one profile per id (agent_profiles&apos; primary key)</source>
        <extracomment>%1: the field path of the other profile</extracomment>
        <translation>也是 %1 的 ID；kandev 每个 ID 只保存一个配置（agent_profiles 的主键）</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>an unsupported value</source>
        <translation>不支持的值</translation>
    </message>
    <message>
        <source>&quot;skip&quot; or &quot;stop&quot;</source>
        <translation>“skip”或“stop”</translation>
    </message>
    <message>
        <source>a candidate object</source>
        <translation>候选配置对象</translation>
    </message>
    <message>
        <source>an object mapping error codes to actions</source>
        <translation>将错误代码映射到操作的对象</translation>
    </message>
    <message>
        <source>an action string</source>
        <translation>操作字符串</translation>
    </message>
    <message>
        <source>a dynamic profile object</source>
        <translation>动态配置对象</translation>
    </message>
    <message>
        <source>an array of candidates</source>
        <translation>候选配置数组</translation>
    </message>
    <message>
        <source>an agent profile object</source>
        <translation>智能体配置对象</translation>
    </message>
    <message>
        <source>an array of agent profiles</source>
        <translation>智能体配置数组</translation>
    </message>
    <message>
        <source>a class policy</source>
        <translation>类别策略</translation>
    </message>
    <message>
        <source>a policy document</source>
        <translation>策略文档</translation>
    </message>
    <message>
        <source>expected %1, found the fraction %2</source>
        <extracomment>%1: what the document should hold there (&quot;an integer&quot;), %2: what it holds (&quot;a string&quot;)</extracomment>
        <translation>应为%1，实际为小数 %2</translation>
    </message>
    <message>
        <source>expected %1, found %2</source>
        <translation>应为%1，实际为%2</translation>
    </message>
    <message>
        <source>unknown key %1 in %2 (allowed: %3)</source>
        <extracomment>%1: the key as written, quoted; %2: where (&quot;a class policy&quot;); %3: the keys allowed there</extracomment>
        <translation>%2中有未知的键 %1（允许：%3）</translation>
    </message>
    <message>
        <source>unknown on_exhausted %1 (expected &quot;skip&quot; or &quot;stop&quot;)</source>
        <translation>未知的 on_exhausted 值 %1（应为“skip”或“stop”）</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <extracomment>%1: the field&apos;s key, e.g. execution_profile_id</extracomment>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <source>the integer %1 is out of range (largest allowed: %2)</source>
        <translation>整数 %1 超出范围（允许的最大值：%2）</translation>
    </message>
    <message>
        <source>the number is beyond the 64-bit integer range (allowed: %1 to %2)</source>
        <translation>该数字超出 64 位整数范围（允许：%1 到 %2）</translation>
    </message>
    <message>
        <source>the profile version must not be negative</source>
        <translation>配置版本不能为负数</translation>
    </message>
    <message>
        <source>this agent profile is not dynamic: it has no &quot;dynamic&quot; document</source>
        <translation>此智能体配置不是动态配置：没有“dynamic”文档</translation>
    </message>
    <message>
        <source>not a policy document: expected a dynamic profile (&quot;candidates&quot;), an agent profile (&quot;dynamic&quot;) or an export (an array, or &quot;profiles&quot;)</source>
        <translation>不是策略文档：应为动态配置（“candidates”）、智能体配置（“dynamic”）或导出文件（数组或“profiles”）</translation>
    </message>
    <message>
        <source>%1 (line %2, column %3)</source>
        <extracomment>%1: rules_json and a field path in it, %2: its line, %3: its column</extracomment>
        <translation>%1（第 %2 行，第 %3 列）</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: %3: %4</source>
        <extracomment>%1: a profile id, %2: a route&apos;s position</extracomment>
        <translation>配置“%1”，位置 %2：%3：%4</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: rules_json is %3 characters long; a route&apos;s rules are limited to %4 characters, so this profile is left untouched</source>
        <translation>配置“%1”，位置 %2：rules_json 长 %3 个字符；一条路由的规则最多 %4 个字符，因此此配置保持不变</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: rules_json has policy version %3, newer than this build&apos;s %4; this profile is read and never written</source>
        <translation>配置“%1”，位置 %2：rules_json 的策略版本为 %3，比此版本支持的 %4 更新；此配置只读取，从不写入</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: execution_profile_id is empty once white space is trimmed; kandev&apos;s backend rejects the route, so this profile is left untouched</source>
        <translation>配置“%1”，位置 %2：去除空白后 execution_profile_id 为空；kandev 后端会拒绝该路由，因此此配置保持不变</translation>
    </message>
    <message>
        <source>the real number %1</source>
        <translation>实数 %1</translation>
    </message>
    <message>
        <source>a blob of %1 bytes</source>
        <translation>%1 字节的 blob</translation>
    </message>
    <message>
        <source>the boolean %1</source>
        <translation>布尔值 %1</translation>
    </message>
    <message>
        <source>the text “%1”</source>
        <translation>文本“%1”</translation>
    </message>
    <message>
        <source>%1 is past the 64-bit integer range kandev reads</source>
        <translation>%1 超出 kandev 读取的 64 位整数范围</translation>
    </message>
    <message>
        <source>%1 is not an integer, which kandev reads here</source>
        <translation>%1 不是整数，而 kandev 在此读取整数</translation>
    </message>
    <message>
        <source>NULL where kandev reads an integer</source>
        <translation>此处为 NULL，而 kandev 读取整数</translation>
    </message>
    <message>
        <source>%1 is not a boolean (0 or 1), which kandev reads here</source>
        <translation>%1 不是布尔值（0 或 1），而 kandev 在此读取布尔值</translation>
    </message>
    <message>
        <source>%1 is not text, which kandev reads here</source>
        <translation>%1 不是文本，而 kandev 在此读取文本</translation>
    </message>
    <message>
        <source>NULL where kandev reads text</source>
        <translation>此处为 NULL，而 kandev 读取文本</translation>
    </message>
    <message>
        <source>profile “%1”: %2, column %3: %4; this profile is left untouched</source>
        <extracomment>%1: a profile id, %2: kandev&apos;s table, %3: its column, %4: what is wrong with the value</extracomment>
        <translation>配置“%1”：%2，列 %3：%4；此配置保持不变</translation>
    </message>
    <message numerus="yes">
        <source>and %n more problem(s) not listed; correct these and check again</source>
        <extracomment>After the first hundred problems of a file: how many more there are.</extracomment>
        <translation>
            <numerusform>另有 %n 个问题未列出；请先更正这些问题，然后再次检查</numerusform>
        </translation>
    </message>
    <message>
        <source>The worst-case hold for %1 is %2; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2 and %3: durations</extracomment>
        <translation>遇到%1时，路由最坏情况下会滞留任务 %2；内部规则允许 %3。</translation>
    </message>
    <message>
        <source>One route cycle makes up to %2 attempts for %1; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2, %3: numbers of attempts</extracomment>
        <translation>遇到%1时，一个路由周期最多尝试 %2 次；内部规则允许 %3 次。</translation>
    </message>
    <message>
        <source>This candidate retries %1 up to %2 times; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2, %3: numbers of retries</extracomment>
        <translation>此候选配置遇到%1时最多重试 %2 次；内部规则允许 %3 次。</translation>
    </message>
    <message>
        <source>This candidate waits up to %1 for the reset of %2; the house allows %3.</source>
        <extracomment>%1: a duration; %2: transient errors or hard errors; %3: a duration</extracomment>
        <translation>此候选配置遇到%2时最多等待重置 %1；内部规则允许 %3。</translation>
    </message>
    <message>
        <source>For %1 the route ends in stop; the house wants it to end with no candidate left.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation>遇到%1时路由以停止结束；内部规则要求以没有剩余候选配置结束。</translation>
    </message>
    <message>
        <source>For %1 the route ends with no candidate left; the house wants it to end in stop, so that a person hears of it.</source>
        <translation>遇到%1时路由以没有剩余候选配置结束；内部规则要求以停止结束，以便有人知悉。</translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s) enabled; the house requires at least %1.</source>
        <translation>
            <numerusform>已启用 %n 个候选配置；内部规则要求至少 %1 个。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The enabled candidates span %n provider(s)%1; the house requires at least %2.</source>
        <extracomment>%1: the agents&apos; names, or nothing when no agent is known</extracomment>
        <translation>
            <numerusform>已启用的候选配置涵盖 %n 个提供商%1；内部规则要求至少 %2 个。</numerusform>
        </translation>
    </message>
    <message>
        <source>No route cycle reaches this candidate for %1: an earlier candidate stops the route.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation>遇到%1时，没有任何路由周期会到达此候选配置：之前的候选配置会停止路由。</translation>
    </message>
    <message>
        <source>Profile %1 is not among the profiles the house allows.</source>
        <translation>配置 %1 不在内部规则允许的配置之列。</translation>
    </message>
    <message>
        <source>Profile %1 (agent %2) is not among the agents or profiles the house allows.</source>
        <translation>配置 %1（智能体 %2）不在内部规则允许的智能体或配置之列。</translation>
    </message>
    <message>
        <source>Profile %1 matches %2, which the house forbids.</source>
        <extracomment>%1: the profile; %2: the pattern it matches</extracomment>
        <translation>配置 %1 匹配 %2，内部规则禁止使用。</translation>
    </message>
    <message>
        <source>This candidate handles %1 differently from the first enabled candidate; the house wants one policy for them.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation>此候选配置处理%1的方式与第一个已启用的候选配置不同；内部规则要求统一策略。</translation>
    </message>
    <message>
        <source>The candidate&apos;s legacy rules cannot be migrated.</source>
        <translation>此候选配置的旧版规则无法迁移。</translation>
    </message>
    <message>
        <source>The candidate breaks one of kandev&apos;s candidate rules.</source>
        <translation>此候选配置违反了 kandev 的一条候选配置规则。</translation>
    </message>
    <message>
        <source>House rule %1.</source>
        <extracomment>%1: the rule&apos;s id in the rules file</extracomment>
        <translation>内部规则 %1。</translation>
    </message>
    <message>
        <source>Excepted for this profile: %1.</source>
        <extracomment>%1: the reason recorded in the rules file</extracomment>
        <translation>此配置获豁免：%1。</translation>
    </message>
</context>
<context>
    <name>RouteComparisonText</name>
    <message>
        <source>success on %1</source>
        <extracomment>how a route cycle ends, after &quot;now ends in&quot; / &quot;instead of&quot;; %1: a candidate&apos;s name</extracomment>
        <translation>在 %1 上成功</translation>
    </message>
    <message>
        <source>stop on %1 (safety gate)</source>
        <translation>在 %1 上停止（安全闸门）</translation>
    </message>
    <message>
        <source>stop on %1</source>
        <translation>在 %1 上停止</translation>
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation>没有剩余的符合条件的候选配置</translation>
    </message>
    <message>
        <source>a configuration error on %1</source>
        <translation>%1 上的配置错误</translation>
    </message>
    <message>
        <source>the event limit</source>
        <translation>事件上限</translation>
    </message>
    <message>
        <source>Cannot compare with the saved policy: %1 in the edited route cannot be simulated. %2</source>
        <extracomment>%1: a candidate&apos;s name; %2: the field path and the problem</extracomment>
        <translation>无法与已保存的策略比较：无法模拟编辑后路由中的 %1。%2</translation>
    </message>
    <message>
        <source>Cannot compare with the saved policy: %1 in the saved route cannot be simulated. %2</source>
        <translation>无法与已保存的策略比较：无法模拟已保存路由中的 %1。%2</translation>
    </message>
    <message>
        <source>No change to the route for this scenario</source>
        <translation>此场景下路由没有变化</translation>
    </message>
    <message numerus="yes">
        <source>+%n attempts</source>
        <extracomment>the change in the number of attempts: &quot;+2 attempts&quot;</extracomment>
        <translation>
            <numerusform>尝试 +%n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n attempts</source>
        <translation>
            <numerusform>尝试 −%n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>+%n retries</source>
        <translation>
            <numerusform>重试 +%n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n retries</source>
        <translation>
            <numerusform>重试 −%n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>+%n reset waits</source>
        <translation>
            <numerusform>重置等待 +%n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n reset waits</source>
        <translation>
            <numerusform>重置等待 −%n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 longer</source>
        <extracomment>%1: how much longer (or shorter) the route takes to its end, &quot;35 s&quot;</extracomment>
        <translation>延长 %1</translation>
    </message>
    <message>
        <source>%1 shorter</source>
        <translation>缩短 %1</translation>
    </message>
    <message>
        <source>now ends in %1 instead of %2</source>
        <extracomment>%1: how the edited route ends, %2: how the saved one ended</extracomment>
        <translation>结局由“%2”变为“%1”</translation>
    </message>
    <message>
        <source>The same attempts, waits and ending, but the route differs from event %1</source>
        <translation>尝试、等待和结局均相同，但路由从第 %1 个事件起有所不同</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the parts of the summary</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>Its legacy rules cannot be migrated (see Validation).</source>
        <translation>其旧版规则无法迁移（请参阅“验证”）。</translation>
    </message>
</context>
<context>
    <name>gui::ActionSet</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New Dynamic Profile</source>
        <translation>新建动态配置(&amp;N)</translation>
    </message>
    <message>
        <source>Delete the dynamic profile shown, as kandev deletes one (a kandev database)</source>
        <translation>按 kandev 删除配置的方式删除当前显示的动态配置（限 kandev 数据库）</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Database…</source>
        <translation>打开数据库(&amp;D)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Re&amp;load from Disk</source>
        <translation>从磁盘重新加载(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Revie&amp;w Changes…</source>
        <translation>审阅更改(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Main Tool Bar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Migration Report…</source>
        <translation>迁移报告(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Error &amp;Catalogue…</source>
        <translation>错误目录(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;About Policy Studio</source>
        <translation>关于 Policy Studio(&amp;A)</translation>
    </message>
    <message>
        <source>About Policy Studio</source>
        <translation>关于 Policy Studio</translation>
    </message>
    <message>
        <source>&lt;b&gt;Policy Studio %1&lt;/b&gt;&lt;p&gt;Edits the per-class recovery policies of kandev dynamic profiles, validated by the same evaluator a backend links.&lt;/p&gt;&lt;p&gt;Error catalogue: %2 (%3 rules)&lt;br/&gt;Policy schema version: %4&lt;/p&gt;</source>
        <translation>&lt;b&gt;Policy Studio %1&lt;/b&gt;&lt;p&gt;按错误类别编辑 kandev 动态配置的恢复策略，并使用后端所链接的同一评估器进行验证。&lt;/p&gt;&lt;p&gt;错误目录：%2（%3 条规则）&lt;br/&gt;策略架构版本：%4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Colour &amp;Scheme</source>
        <translation>配色方案(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;New Dynamic Profile in %1</source>
        <translation>在 %1 中新建动态配置(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <source>Dele&amp;te Dynamic Profile…</source>
        <translation>删除动态配置(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;House Rules</source>
        <translation>内部规则(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Choose Rules File…</source>
        <translation>选择规则文件(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Use the Rules File Beside the Document</source>
        <translation>使用文档旁的规则文件(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Read the Rules File Again</source>
        <translation>重新读取规则文件(&amp;R)</translation>
    </message>
    <message>
        <source>Forget the chosen file: the nearest %1 in the document&apos;s folder or a parent is used</source>
        <translation>忘记所选文件：使用文档所在文件夹或其上级文件夹中最近的 %1</translation>
    </message>
</context>
<context>
    <name>gui::CandidateEditor</name>
    <message>
        <source>Read-only: this candidate already has versioned policies, but the legacy rules of %1 cannot be migrated, so the document is open read-only.</source>
        <translation>只读：此候选配置已有带版本的策略，但 %1 的旧版规则无法迁移，因此文档以只读方式打开。</translation>
    </message>
    <message>
        <source>Read-only: this candidate already has versioned policies, but the legacy rules of %1 were not migrated, so the document is open read-only.</source>
        <translation>只读：此候选配置已有带版本的策略，但 %1 的旧版规则尚未迁移，因此文档以只读方式打开。</translation>
    </message>
    <message>
        <source>No candidates yet</source>
        <translation>暂无候选配置</translation>
    </message>
    <message>
        <source>No candidate selected</source>
        <translation>未选择候选配置</translation>
    </message>
    <message>
        <source>Add the route&apos;s first candidate with Add Candidate (Edit menu) to set what happens when its provider fails.</source>
        <translation>使用“添加候选配置”（“编辑”菜单）添加路由的第一个候选配置，以设置其提供商失败时如何处理。</translation>
    </message>
    <message>
        <source>Select a candidate in the route to edit what happens when its provider fails.</source>
        <translation>在路由中选择一个候选配置，以编辑其提供商失败时如何处理。</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Agent profile %1 · %2</source>
        <translation>智能体配置 %1 · %2</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>已启用</translation>
    </message>
    <message>
        <source>disabled: the route skips it</source>
        <translation>已禁用：路由会跳过它</translation>
    </message>
    <message>
        <source>Read-only: this candidate&apos;s legacy rules cannot be migrated. They are shown as they are.</source>
        <translation>只读：此候选配置的旧版规则无法迁移，按原样显示。</translation>
    </message>
    <message>
        <source>Read-only: this candidate&apos;s legacy rules can be migrated, but the document is open read-only (%1).</source>
        <translation>只读：此候选配置的旧版规则可以迁移，但文档以只读方式打开（%1）。</translation>
    </message>
    <message>
        <source>Read-only: %1</source>
        <translation>只读：%1</translation>
    </message>
    <message>
        <source>%1. The route cannot use this candidate until it references an eligible profile.</source>
        <translation>%1。在此候选配置引用符合条件的配置之前，路由无法使用它。</translation>
    </message>
    <message>
        <source>Legacy rules</source>
        <translation>旧版规则</translation>
    </message>
    <message>
        <source>Migrated, they become: %1</source>
        <translation>迁移后变为：%1</translation>
    </message>
</context>
<context>
    <name>gui::CandidateListPanel</name>
    <message>
        <source>&amp;Add Candidate…</source>
        <translation>添加候选配置(&amp;A)…</translation>
    </message>
    <message>
        <source>Add an eligible agent profile at the end of the route</source>
        <translation>在路由末尾添加一个符合条件的智能体配置</translation>
    </message>
    <message>
        <source>Move &amp;Down</source>
        <translation>下移(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Copy Policies To…</source>
        <translation>复制策略到(&amp;C)…</translation>
    </message>
    <message>
        <source>Copy the selected candidate&apos;s policies to other candidates</source>
        <translation>将所选候选配置的策略复制到其他候选配置</translation>
    </message>
    <message>
        <source>Route candidates</source>
        <translation>路由候选配置</translation>
    </message>
    <message>
        <source>%1, being edited, does not match the filter.</source>
        <translation>正在编辑的 %1 不符合筛选条件。</translation>
    </message>
    <message>
        <source>Copy Policies</source>
        <translation>复制策略</translation>
    </message>
    <message>
        <source>Copy the transient and hard error policies of %1 to:</source>
        <translation>将 %1 的暂时性错误策略和硬错误策略复制到：</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message numerus="yes">
        <source>Copy policies of %1 to %n candidate(s)</source>
        <translation>
            <numerusform>将 %1 的策略复制到 %n 个候选配置</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy policies</source>
        <translation>复制策略</translation>
    </message>
    <message>
        <source>Re&amp;move Candidate</source>
        <translation>移除候选配置(&amp;M)</translation>
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
        <translation>kandev 拒绝两次指定同一配置的路由。</translation>
    </message>
    <message>
        <source>Add Candidate</source>
        <translation>添加候选配置</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Every concrete agent profile of the file is listed. Those kandev refuses as candidates are greyed out, with the reason.</source>
        <translation>此处列出文件中的所有具体智能体配置。kandev 拒绝作为候选配置的配置显示为灰色，并注明原因。</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>筛选</translation>
    </message>
    <message>
        <source>Filter profiles</source>
        <translation>筛选配置</translation>
    </message>
    <message>
        <source>%1 (%2)
cannot be a candidate: %3</source>
        <extracomment>%3 says why, e.g. &quot;deleted, disabled&quot;</extracomment>
        <translation>%1（%2）
不能作为候选配置：%3</translation>
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
        <translation>智能体配置</translation>
    </message>
    <message>
        <source>This file has no catalogue of agent profiles. Type the id of an enabled, concrete profile without automatic fallback.</source>
        <translation>此文件没有智能体配置目录。请输入一个已启用、未设自动回退的具体配置的 ID。</translation>
    </message>
    <message>
        <source>Agent profile &amp;id:</source>
        <translation>智能体配置 ID(&amp;I)：</translation>
    </message>
    <message>
        <source>%1 is already in the route; kandev refuses a route that names a profile twice.</source>
        <translation>%1 已在路由中；kandev 拒绝两次指定同一配置的路由。</translation>
    </message>
</context>
<context>
    <name>gui::CatalogueDialog</name>
    <message>
        <source>status</source>
        <translation>状态码</translation>
    </message>
    <message>
        <source>exit code</source>
        <translation>退出码</translation>
    </message>
    <message>
        <source>error context</source>
        <translation>错误上下文</translation>
    </message>
    <message>
        <source>signature</source>
        <translation>特征文本</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Reads</source>
        <translation>读取内容</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Example</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>Error Catalogue — %1</source>
        <translation>错误目录 — %1</translation>
    </message>
    <message>
        <source>Rules apply in kandev&apos;s order: its structured signals (status, exit 127), then the agent CLI&apos;s own wording, then provider-neutral wording, then the runtime environment; the first match of highest priority decides. Wording in ordinary language is only read inside an error context. Without a match the error is unclassified, and unclassified errors always stop.</source>
        <translation>规则按 kandev 的顺序应用：先是结构化信号（状态码、退出码 127），然后是智能体 CLI 自身的措辞，再是与提供商无关的措辞，最后是运行时环境；优先级最高的第一个匹配项起决定作用。日常语言的措辞只在错误上下文中读取。没有匹配项时，该错误为未分类错误，而未分类错误总会停止。</translation>
    </message>
    <message>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>(the phase&apos;s code)</source>
        <translation>（该阶段的代码）</translation>
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
        <translation>错误代码</translation>
    </message>
    <message>
        <source>Classification rules</source>
        <translation>分类规则</translation>
    </message>
    <message>
        <source>&amp;Codes</source>
        <translation>代码(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Rules</source>
        <translation>规则(&amp;R)</translation>
    </message>
</context>
<context>
    <name>gui::ClassPolicyPanel</name>
    <message>
        <source>&amp;Retry the same candidate</source>
        <translation>重试同一候选配置(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Max retries:</source>
        <translation>最大重试次数(&amp;M)：</translation>
    </message>
    <message>
        <source>F&amp;irst retry after:</source>
        <translation>首次重试间隔(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Wait for provider reset</source>
        <translation>等待提供商重置(&amp;W)</translation>
    </message>
    <message>
        <source>Ma&amp;ximum wait:</source>
        <translation>最大等待时间(&amp;X)：</translation>
    </message>
    <message>
        <source>S&amp;kip to the next candidate</source>
        <translation>跳至下一个候选配置(&amp;K)</translation>
    </message>
    <message>
        <source>St&amp;op for manual recovery</source>
        <translation>停止并手动恢复(&amp;O)</translation>
    </message>
    <message>
        <source>Retr&amp;y the same candidate</source>
        <translation>重试同一候选配置(&amp;Y)</translation>
    </message>
    <message>
        <source>Max re&amp;tries:</source>
        <translation>最大重试次数(&amp;T)：</translation>
    </message>
    <message>
        <source>First retry &amp;after:</source>
        <translation>首次重试间隔(&amp;A)：</translation>
    </message>
    <message>
        <source>Wait for provi&amp;der reset</source>
        <translation>等待提供商重置(&amp;D)</translation>
    </message>
    <message>
        <source>Maxim&amp;um wait:</source>
        <translation>最大等待时间(&amp;U)：</translation>
    </message>
    <message>
        <source>Skip to the &amp;next candidate</source>
        <translation>跳至下一个候选配置(&amp;N)</translation>
    </message>
    <message>
        <source>Sto&amp;p for manual recovery</source>
        <translation>停止并手动恢复(&amp;P)</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Explain %1</source>
        <translation>说明%1</translation>
    </message>
    <message>
        <source>Explain %1 for %2</source>
        <extracomment>%1 is a setting (the retry, the reset wait, the outcome), %2 the class (&quot;transient errors&quot;).</extracomment>
        <translation>说明%2的%1</translation>
    </message>
    <message>
        <source>the retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Tries the same candidate again after a delay that doubles each time, up to the maximum retries; then the outcome below applies.</source>
        <translation>在延迟后再次尝试同一候选配置，延迟每次加倍，直至达到最大重试次数；之后应用下方的结果。</translation>
    </message>
    <message>
        <source>the reset wait</source>
        <translation>重置等待</translation>
    </message>
    <message>
        <source>When the provider reports a trusted reset time within the maximum wait, kandev waits until then and tries once more. At most once per candidate and class in a route cycle, and it never uses up one of the retries.</source>
        <translation>当提供商报告的可信重置时间在最大等待时间之内时，kandev 会等待到该时间并再尝试一次。在一个路由周期中，每个候选配置和类别最多等待一次，且绝不消耗重试次数。</translation>
    </message>
    <message>
        <source>Only a trusted reset time that the provider reports, lies in the future and is no further away than the maximum wait is used; then the candidate is tried once more. The wait does not use up retries.</source>
        <translation>仅使用提供商报告的、位于将来且不超过最大等待时间的可信重置时间；之后会再尝试该候选配置一次。等待不会消耗重试次数。</translation>
    </message>
    <message>
        <source>Only trusted reset times within this maximum; no retry is used up.</source>
        <translation>仅限此上限内的可信重置时间；不消耗重试次数。</translation>
    </message>
    <message>
        <source>the outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>What happens once the reset wait and every retry are used up: skip to the next enabled candidate, or stop the route until a person acts.</source>
        <translation>重置等待和所有重试都用尽后的处理：跳至下一个已启用的候选配置，或停止路由并等待人工处理。</translation>
    </message>
    <message>
        <source>After recovery is exhausted</source>
        <translation>恢复操作耗尽后</translation>
    </message>
    <message>
        <source>Turn on retries for %1 of %2</source>
        <translation>为 %2 的%1开启重试</translation>
    </message>
    <message>
        <source>Turn off retries for %1 of %2</source>
        <translation>为 %2 的%1关闭重试</translation>
    </message>
    <message>
        <source>Set max retries for %1 of %2 to %3</source>
        <translation>将 %2 的%1最大重试次数设为 %3</translation>
    </message>
    <message>
        <source>Set the first retry for %1 of %2 to %3</source>
        <translation>将 %2 的%1首次重试间隔设为 %3</translation>
    </message>
    <message>
        <source>Turn on reset waits for %1 of %2</source>
        <translation>为 %2 的%1开启重置等待</translation>
    </message>
    <message>
        <source>Turn off reset waits for %1 of %2</source>
        <translation>为 %2 的%1关闭重置等待</translation>
    </message>
    <message>
        <source>Set the maximum reset wait for %1 of %2 to %3</source>
        <translation>将 %2 的%1最大重置等待时间设为 %3</translation>
    </message>
    <message>
        <source>Skip to the next candidate when %1 of %2 are not recovered</source>
        <translation>%2 的%1未恢复时跳至下一个候选配置</translation>
    </message>
    <message>
        <source>Stop for a person when %1 of %2 are not recovered</source>
        <translation>%2 的%1未恢复时停止并等待人工处理</translation>
    </message>
    <message>
        <source>Show or hide the settings for %1</source>
        <extracomment>%1: the class in a sentence (&quot;transient errors&quot;)</extracomment>
        <translation>显示或隐藏%1的设置</translation>
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
        <translation>无法打开数据库</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_DRIVER is not set.</source>
        <translation>未设置 KANDEV_DATABASE_DRIVER。</translation>
    </message>
    <message>
        <source>The database could not be opened: %1.</source>
        <translation>无法打开数据库：%1。</translation>
    </message>
    <message numerus="yes">
        <source>Migrated %n profile(s) in the database; backup: %1. View › Migration Report shows how.</source>
        <translation>
            <numerusform>已迁移数据库中的 %n 个配置；备份：%1。“视图 › 迁移报告”会显示迁移方式。</numerusform>
        </translation>
    </message>
    <message>
        <source>Policy Studio cannot read this database:

%1</source>
        <translation>Policy Studio 无法读取此数据库：

%1</translation>
    </message>
    <message>
        <source>its legacy rules were not migrated</source>
        <translation>其旧版规则尚未迁移</translation>
    </message>
    <message>
        <source>Apply Migration</source>
        <translation>应用迁移</translation>
    </message>
    <message>
        <source>Write the migrated policies to %1 now, in one transaction, after a backup? Profiles with errors are left untouched.</source>
        <translation>要先备份，然后在一个事务中立即将迁移后的策略写入 %1 吗？有错误的配置将保持不变。</translation>
    </message>
    <message>
        <source>Migration Not Applied</source>
        <translation>未应用迁移</translation>
    </message>
    <message>
        <source>Nothing was written.

%1</source>
        <translation>未写入任何内容。

%1</translation>
    </message>
    <message>
        <source>Database Password</source>
        <translation>数据库密码</translation>
    </message>
    <message>
        <source>%1 asks for the password of user “%2”. It is kept only while the database is open.

%3</source>
        <translation>%1 要求输入用户“%2”的密码。密码仅在数据库打开期间保留。

%3</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <source>Changed in the Database</source>
        <translation>数据库中已更改</translation>
    </message>
    <message>
        <source>%1

Reload the profiles from the database? Your unsaved edits are lost.</source>
        <translation>%1

要从数据库重新加载配置吗？未保存的编辑将丢失。</translation>
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
        <translation>时间线</translation>
    </message>
    <message numerus="yes">
        <source>Timeline — %n warning(s)</source>
        <translation>
            <numerusform>时间线 — %n 条警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>What Happens If…</source>
        <translation>如果…会怎样</translation>
    </message>
    <message>
        <source>Try an Error</source>
        <translation>错误试验</translation>
    </message>
    <message>
        <source>Undo History</source>
        <translation>撤销历史</translation>
    </message>
    <message>
        <source>Live Routes</source>
        <translation>实时路由</translation>
    </message>
    <message>
        <source>Fleet Overview</source>
        <translation>全部配置概览</translation>
    </message>
</context>
<context>
    <name>gui::DocumentController</name>
    <message>
        <source>Delete Dynamic Profile</source>
        <translation>删除动态配置</translation>
    </message>
    <message>
        <source>Delete the dynamic profile %1?

The next save marks it deleted in %2, as kandev deletes a profile: its rows stay, kandev stops offering it, and sessions already routed through it keep their route. Until you save, Undo brings it back.</source>
        <translation>要删除动态配置 %1 吗？

下次保存时会按 kandev 删除配置的方式在 %2 中将其标记为已删除：其数据行保留，kandev 不再提供它，已经由它路由的会话保留其路由。保存之前，撤销可以将其恢复。</translation>
    </message>
    <message>
        <source>Open Dynamic Profile</source>
        <translation>打开动态配置</translation>
    </message>
    <message>
        <source>JSON documents (*.json);;All files (*)</source>
        <translation>JSON 文档 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot Open File</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <source>Policy Studio cannot open this file:

%1</source>
        <translation>Policy Studio 无法打开此文件：

%1</translation>
    </message>
    <message>
        <source>a candidate uses a newer policy version than this editor understands; it is never downgraded</source>
        <translation>某个候选配置使用的策略版本比此编辑器能理解的版本更新；它绝不会被降级</translation>
    </message>
    <message>
        <source>Opened Read-Only</source>
        <translation>已以只读方式打开</translation>
    </message>
    <message>
        <source>%1 uses a newer policy version than this editor supports. It opens read-only so that nothing is downgraded.</source>
        <translation>%1 使用的策略版本比此编辑器支持的版本更新。它以只读方式打开，以免任何内容被降级。</translation>
    </message>
    <message>
        <source>The sample could not be copied to %1.</source>
        <translation>无法将示例复制到 %1。</translation>
    </message>
    <message>
        <source>File Changed on Disk</source>
        <translation>磁盘上的文件已更改</translation>
    </message>
    <message>
        <source>%1 was changed by another program since it was opened. Saving replaces those changes.</source>
        <translation>%1 在打开后已被其他程序更改。保存将覆盖这些更改。</translation>
    </message>
    <message>
        <source>Cannot Save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>Nothing was written; your edits are still here.

%1</source>
        <translation>未写入任何内容；你的编辑仍然保留。

%1</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>已保存到 %1。</translation>
    </message>
    <message>
        <source>Save Dynamic Profile As</source>
        <translation>动态配置另存为</translation>
    </message>
    <message>
        <source>JSON documents (*.json)</source>
        <translation>JSON 文档 (*.json)</translation>
    </message>
    <message>
        <source>Replace File</source>
        <translation>替换文件</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 已存在。要替换它吗？</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 有未保存的更改。要保存吗？</translation>
    </message>
    <message>
        <source>%1 was changed by another program. Reload it and lose your unsaved changes?</source>
        <translation>%1 已被其他程序更改。要重新加载并丢弃未保存的更改吗？</translation>
    </message>
    <message>
        <source>%1 was changed by another program. Reload it?</source>
        <translation>%1 已被其他程序更改。要重新加载吗？</translation>
    </message>
    <message>
        <source>%1 changed on disk; saving will replace it.</source>
        <translation>磁盘上的 %1 已更改；保存将覆盖它。</translation>
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
        <translation>分钟</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>小时</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>The unit of the number: pick the one you mean, and the number keeps its digits.</source>
        <translation>数值的单位：选择你需要的单位，数值的数字保持不变。</translation>
    </message>
    <message>
        <source>%1, unit</source>
        <translation>%1，单位</translation>
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
        <translation>候选配置编辑器</translation>
    </message>
</context>
<context>
    <name>gui::FleetPane</name>
    <message>
        <source>Refresh Live Routes</source>
        <translation>刷新实时路由</translation>
    </message>
    <message>
        <source>Filter by name, id or provider</source>
        <translation>按名称、ID 或提供商筛选</translation>
    </message>
    <message>
        <source>Filter the fleet by name, id or provider</source>
        <translation>按名称、ID 或提供商筛选全部配置</translation>
    </message>
    <message>
        <source>Fleet summary</source>
        <translation>全部配置摘要</translation>
    </message>
    <message>
        <source>Refresh live routes</source>
        <translation>刷新实时路由</translation>
    </message>
    <message>
        <source>Read the routes kandev is running now again</source>
        <translation>重新读取 kandev 当前正在运行的路由</translation>
    </message>
    <message>
        <source>Dynamic profiles of the fleet</source>
        <translation>全部动态配置</translation>
    </message>
    <message>
        <source>Could not read the live routes (%1).</source>
        <translation>无法读取实时路由（%1）。</translation>
    </message>
    <message>
        <source>Open a document to see its dynamic profiles.</source>
        <translation>打开文档以查看其动态配置。</translation>
    </message>
    <message numerus="yes">
        <source>%n with violations.</source>
        <translation>
            <numerusform>%n 个有违规。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n profile(s); %1</source>
        <translation>
            <numerusform>%n 个配置；%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Showing %1 of %n profile(s); %2</source>
        <translation>
            <numerusform>显示 %n 个配置中的 %1 个；%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::HouseRulesController</name>
    <message>
        <source>Choose a House Rules File</source>
        <translation>选择内部规则文件</translation>
    </message>
    <message>
        <source>House rules (*.json);;All files (*)</source>
        <translation>内部规则 (*.json);;所有文件 (*)</translation>
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
        <translation>在时间线中显示</translation>
    </message>
    <message>
        <source>Live routes</source>
        <translation>实时路由</translation>
    </message>
    <message>
        <source>Preview the rest of this route&apos;s cycle from its current state, if the same error repeats</source>
        <translation>如果同一错误再次出现，从当前状态预览此路由周期的剩余部分</translation>
    </message>
    <message>
        <source>Live routes are shown for a kandev database.</source>
        <translation>实时路由仅对 kandev 数据库显示。</translation>
    </message>
    <message>
        <source>Could not read the live routes (%1); shown as of the last read.</source>
        <translation>无法读取实时路由（%1）；显示的是上次读取的结果。</translation>
    </message>
    <message>
        <source>This kandev database keeps no route state (kandev before August 2026).</source>
        <translation>此 kandev 数据库不保存路由状态（2026 年 8 月之前的 kandev）。</translation>
    </message>
    <message>
        <source>Credentials &lt;b&gt;%1&lt;/b&gt; paused until %2 (%3): every candidate using them is passed over.</source>
        <translation>凭据 &lt;b&gt;%1&lt;/b&gt; 已暂停至 %2（%3）：所有使用该凭据的候选配置都会被略过。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; paused until %2 (%3): the route passes it over.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 已暂停至 %2（%3）：路由会略过它。</translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running; %1 scheduled under another policy than the one you are editing.</source>
        <translation>
            <numerusform>%n 条路由正在运行；其中 %1 条按与你正在编辑的策略不同的策略排定。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running, read at %1.</source>
        <translation>
            <numerusform>%n 条路由正在运行，读取于 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a route to see what happens next and its history.</source>
        <translation>选择一条路由，查看接下来会发生什么及其历史。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Session %1&lt;/b&gt;, %2 (profile version %3)</source>
        <translation>&lt;b&gt;会话 %1&lt;/b&gt;，%2（配置版本 %3）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Session %1&lt;/b&gt; on %2, %3 (profile version %4)</source>
        <translation>&lt;b&gt;会话 %1&lt;/b&gt;：在 %2 上，%3（配置版本 %4）</translation>
    </message>
    <message>
        <source>Its row cannot be read, so nothing is predicted: %1</source>
        <translation>无法读取其数据行，因此不做预测：%1</translation>
    </message>
    <message>
        <source>Its policy state cannot be read, so nothing is predicted: %1</source>
        <translation>无法读取其策略状态，因此不做预测：%1</translation>
    </message>
    <message>
        <source>The policy it was scheduled under cannot be read: %1</source>
        <translation>无法读取排定它时所用的策略：%1</translation>
    </message>
    <message>
        <source>Saving changes what its next failure is evaluated with; its scheduled deadline stays.</source>
        <translation>保存会改变评估其下次失败时所用的策略；其已排定的截止时间不变。</translation>
    </message>
    <message>
        <source>%1 is no longer in the route you are editing.</source>
        <translation>%1 已不在你正在编辑的路由中。</translation>
    </message>
    <message numerus="yes">
        <source>%n earlier attempt(s)</source>
        <translation>
            <numerusform>之前的 %n 次尝试</numerusform>
        </translation>
    </message>
    <message>
        <source>History: %1</source>
        <translation>历史：%1</translation>
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
        <translation>已打开</translation>
    </message>
    <message>
        <source>Undo history</source>
        <translation>撤销历史</translation>
    </message>
    <message>
        <source>Open a dynamic profile document to start.</source>
        <translation>打开一个动态配置文档以开始。</translation>
    </message>
    <message>
        <source>Read-only: %1.</source>
        <translation>只读：%1。</translation>
    </message>
    <message>
        <source>A new dynamic profile: add its first candidate with Add Candidate (%1).</source>
        <translation>新的动态配置：使用“添加候选配置”（%1）添加其第一个候选配置。</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>已打开 %1。</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <extracomment>the window title of a document open read-only: &quot;%1 (read-only)&quot;</extracomment>
        <translation>%1（只读）</translation>
    </message>
</context>
<context>
    <name>gui::MigrationFlow</name>
    <message>
        <source>Let %1 decide %2 of %3</source>
        <translation>让 %1 决定 %3 的%2</translation>
    </message>
    <message>
        <source>Migrate legacy rules</source>
        <translation>迁移旧版规则</translation>
    </message>
    <message numerus="yes">
        <source>Migrated %n candidate(s) to versioned policies; nothing is written until you save. View › Migration Report shows how.</source>
        <translation>
            <numerusform>已将 %n 个候选配置迁移为带版本的策略；保存之前不会写入任何内容。“视图 › 迁移报告”会显示迁移方式。</numerusform>
        </translation>
    </message>
    <message>
        <source>some legacy rules in this document cannot be migrated</source>
        <translation>此文档中的部分旧版规则无法迁移</translation>
    </message>
    <message>
        <source>its legacy rules were not migrated</source>
        <translation>其旧版规则尚未迁移</translation>
    </message>
</context>
<context>
    <name>gui::MigrationReviewDialog</name>
    <message>
        <source>Review Migration — %1</source>
        <translation>审阅迁移 — %1</translation>
    </message>
    <message>
        <source>Migration report</source>
        <translation>迁移报告</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1 uses legacy rules.&lt;/b&gt; Before it can be edited, its %n candidate(s) are converted to versioned policies as shown. Nothing is written until you save.</source>
        <translation>
            <numerusform>&lt;b&gt;%1 使用旧版规则。&lt;/b&gt;在编辑之前，其 %n 个候选配置会按如下所示转换为带版本的策略。保存之前不会写入任何内容。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 uses legacy rules that cannot be migrated.&lt;/b&gt; It opens read-only; fix the rules marked below in the file, or in kandev, and open it again.</source>
        <translation>&lt;b&gt;%1 使用的旧版规则无法迁移。&lt;/b&gt;它将以只读方式打开；请在文件中或在 kandev 中修正下方标记的规则，然后重新打开。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 holds legacy rules.&lt;/b&gt; The profiles without problems can be migrated as shown; the profiles marked below cannot be until their rules are settled in kandev, and open read-only.</source>
        <translation>&lt;b&gt;%1 包含旧版规则。&lt;/b&gt;没有问题的配置可以按如下所示迁移；下方标记的配置须先在 kandev 中解决其规则才能迁移，在此之前以只读方式打开。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 holds legacy rules that cannot be migrated.&lt;/b&gt; The profiles marked below open read-only until their rules are settled in kandev; the other profiles can be edited.</source>
        <translation>&lt;b&gt;%1 包含无法迁移的旧版规则。&lt;/b&gt;下方标记的配置在其规则于 kandev 中解决之前以只读方式打开；其他配置可以编辑。</translation>
    </message>
    <message>
        <source>&amp;Migrate</source>
        <translation>迁移(&amp;M)</translation>
    </message>
    <message>
        <source>Open &amp;Read-Only</source>
        <translation>以只读方式打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <source>Or choose below which rule wins; that is an edit you can undo.</source>
        <translation>或者在下方选择哪条规则优先；这是一项可以撤销的编辑。</translation>
    </message>
    <message>
        <source>How the legacy rules were migrated when the document was opened.</source>
        <translation>打开文档时旧版规则的迁移方式。</translation>
    </message>
    <message>
        <source>These routes cannot be read; their profiles are left untouched:</source>
        <translation>无法读取这些路由；其配置保持不变：</translation>
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
        <translation>SQLite 文件(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;PostgreSQL server</source>
        <translation>PostgreSQL 服务器(&amp;P)</translation>
    </message>
    <message>
        <source>kandev&apos;s &amp;environment (KANDEV_DATABASE_*)</source>
        <translation>kandev 的环境变量（KANDEV_DATABASE_*）(&amp;E)</translation>
    </message>
    <message>
        <source>Open kandev Database</source>
        <translation>打开 kandev 数据库</translation>
    </message>
    <message>
        <source>The database opens read-only; nothing is written until you save or apply a migration.</source>
        <translation>数据库以只读方式打开；在你保存或应用迁移之前不会写入任何内容。</translation>
    </message>
    <message>
        <source>SQLite file</source>
        <translation>SQLite 文件</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主机(&amp;H)：</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>端口(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>密码(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>数据库(&amp;D)：</translation>
    </message>
    <message>
        <source>kandev SQLite Database</source>
        <translation>kandev SQLite 数据库</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)</source>
        <translation>SQLite 数据库 (*.db *.sqlite *.sqlite3);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose a SQLite file.</source>
        <translation>请选择一个 SQLite 文件。</translation>
    </message>
</context>
<context>
    <name>gui::ProblemCountButton</name>
    <message>
        <source>Show the problems in Validation</source>
        <translation>在“验证”中显示问题</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n 个问题</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::ProfileSettingsBox</name>
    <message>
        <source>Profile enabled</source>
        <translation>启用配置</translation>
    </message>
    <message>
        <source>Profile name:</source>
        <translation>配置名称：</translation>
    </message>
    <message>
        <source>Profile name</source>
        <translation>配置名称</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>Offered for new tasks and agents.</source>
        <translation>创建新任务和智能体时提供此配置。</translation>
    </message>
    <message>
        <source>Not offered for new tasks or agents; sessions already routed through it keep running.</source>
        <translation>创建新任务或智能体时不提供此配置；已经由它路由的会话会继续运行。</translation>
    </message>
</context>
<context>
    <name>gui::ReviewChangesDialog</name>
    <message>
        <source>Save Changes — %1</source>
        <translation>保存更改 — %1</translation>
    </message>
    <message>
        <source>Review Changes — %1</source>
        <translation>审阅更改 — %1</translation>
    </message>
    <message>
        <source>Nothing to save: the document is as it was read.</source>
        <translation>没有需要保存的内容：文档与读取时相同。</translation>
    </message>
    <message>
        <source>These changes cannot be saved yet: %1</source>
        <translation>这些更改暂时无法保存：%1</translation>
    </message>
    <message>
        <source>Saving writes these changes to %1 (against what was read or last saved):</source>
        <translation>保存会将以下更改写入 %1（相对于读取时或上次保存时的内容）：</translation>
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
        <translation>筛选配置和候选配置</translation>
    </message>
    <message>
        <source>Dynamic profiles</source>
        <translation>动态配置</translation>
    </message>
</context>
<context>
    <name>gui::ScenarioEditorDialog</name>
    <message>
        <source>Custom Scenario</source>
        <translation>自定义场景</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>The n-th attempt of the route cycle meets the n-th failure:</source>
        <translation>路由周期的第 n 次尝试遇到第 n 个失败：</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Reset hint after (s)</source>
        <translation>重置提示时间（秒）</translation>
    </message>
    <message>
        <source>Before any output</source>
        <translation>在任何输出之前</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>&amp;Add Failure</source>
        <translation>添加失败(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove Failure</source>
        <translation>移除失败(&amp;R)</translation>
    </message>
    <message>
        <source>the last failure repeats</source>
        <translation>最后一个失败重复出现</translation>
    </message>
    <message>
        <source>the next attempt succeeds</source>
        <translation>下一次尝试成功</translation>
    </message>
    <message>
        <source>Error of failure %1</source>
        <translation>失败 %1 的错误</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Reset hint of failure %1</source>
        <translation>失败 %1 的重置提示</translation>
    </message>
    <message>
        <source>Failure %1 came before any output</source>
        <translation>失败 %1 发生在任何输出之前</translation>
    </message>
    <message>
        <source>Custom scenario</source>
        <translation>自定义场景</translation>
    </message>
    <message>
        <source>A&amp;fter the last failure:</source>
        <translation>最后一个失败之后(&amp;F)：</translation>
    </message>
</context>
<context>
    <name>gui::StartPage</name>
    <message>
        <source>Open File…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>Open kandev Database…</source>
        <translation>打开 kandev 数据库…</translation>
    </message>
    <message>
        <source>Open the Sample</source>
        <translation>打开示例</translation>
    </message>
    <message>
        <source>New Dynamic Profile</source>
        <translation>新建动态配置</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>最近的文件</translation>
    </message>
    <message>
        <source>Policy Studio</source>
        <translation>Policy Studio</translation>
    </message>
    <message>
        <source>Edit how kandev&apos;s dynamic profiles recover from provider errors: open a profile document, kandev&apos;s own database, or the sample to look around.</source>
        <translation>编辑 kandev 动态配置如何从提供商错误中恢复：打开一个配置文档、kandev 自己的数据库，或打开示例随便看看。</translation>
    </message>
    <message>
        <source>kandev&apos;s own SQLite database on this machine</source>
        <translation>本机上 kandev 自己的 SQLite 数据库</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>打开 %1</translation>
    </message>
</context>
<context>
    <name>gui::SwitchingExplanation</name>
    <message>
        <source>When kandev switches candidates</source>
        <translation>kandev 何时切换候选配置</translation>
    </message>
</context>
<context>
    <name>gui::TimelineLegend</name>
    <message>
        <source>Legend</source>
        <translation>图例</translation>
    </message>
</context>
<context>
    <name>gui::TimelinePanel</name>
    <message>
        <source>Custom scenario</source>
        <translation>自定义场景</translation>
    </message>
    <message>
        <source>&amp;Logarithmic time</source>
        <translation>对数时间(&amp;L)</translation>
    </message>
    <message>
        <source>Compare with saved</source>
        <translation>与已保存的比较</translation>
    </message>
    <message>
        <source>Timeline views</source>
        <translation>时间线视图</translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation>场景(&amp;S)：</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Edit &amp;Custom…</source>
        <translation>编辑自定义场景(&amp;C)…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Draw the route as it was read or last saved, dashed, under the edited one</source>
        <translation>在编辑后的路由下方，用虚线绘制读取时或上次保存时的路由</translation>
    </message>
    <message>
        <source>Timeline events</source>
        <translation>时间线事件</translation>
    </message>
    <message>
        <source>Route warnings</source>
        <translation>路由警告</translation>
    </message>
    <message>
        <source>Picture</source>
        <translation>图形</translation>
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
        <translation>导出时间线</translation>
    </message>
    <message>
        <source>SVG image (*.svg);;PNG image (*.png)</source>
        <translation>SVG 图像 (*.svg);;PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot Export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>The timeline could not be written to %1.</source>
        <translation>无法将时间线写入 %1。</translation>
    </message>
    <message>
        <source>timeline</source>
        <translation>时间线</translation>
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
        <translation>重试时间线</translation>
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
        <translation>（已关闭）</translation>
    </message>
    <message>
        <source>Open a dynamic profile to preview its retry timeline.</source>
        <translation>打开一个动态配置以预览其重试时间线。</translation>
    </message>
    <message>
        <source>stop: action required</source>
        <translation>停止：需要操作</translation>
    </message>
    <message>
        <source>success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation>没有剩余的符合条件的候选配置</translation>
    </message>
    <message>
        <source>configuration error</source>
        <translation>配置错误</translation>
    </message>
    <message>
        <source>… (event limit)</source>
        <translation>…（事件上限）</translation>
    </message>
    <message>
        <source>paused by kandev (circuit open)</source>
        <translation>已被 kandev 暂停（熔断已打开）</translation>
    </message>
    <message>
        <source>reset wait %1</source>
        <translation>重置等待 %1</translation>
    </message>
    <message>
        <source>attempt</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>retry wait</source>
        <translation>重试等待</translation>
    </message>
    <message>
        <source>reset wait</source>
        <translation>重置等待</translation>
    </message>
    <message>
        <source>skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>none left</source>
        <translation>已无剩余</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>A dot is an attempt. A plain bar is the wait before a retry of the same candidate; a hatched bar is a wait for the provider&apos;s reset. An arrow skips to the next candidate. The cycle ends in a diamond (success), a square (stop: a person must act), a triangle (no eligible candidate left) or a cross (a candidate with invalid policies). A pause sign marks a candidate kandev passes over because its circuit is open (live routes only).</source>
        <translation>圆点表示一次尝试。普通条形表示重试同一候选配置前的等待；斜线条形表示等待提供商重置。箭头表示跳至下一个候选配置。周期以菱形（成功）、方形（停止：需要人工处理）、三角形（没有剩余的符合条件的候选配置）或叉号（策略无效的候选配置）结束。暂停符号标记 kandev 因熔断已打开而略过的候选配置（仅限实时路由）。</translation>
    </message>
    <message>
        <source>While the profile is edited, the route as saved runs under it in each lane, in small outlined and dashed shapes (Compare with saved).</source>
        <translation>编辑配置时，已保存的路由会以较小的空心虚线图形显示在每条泳道中编辑后路由的下方（“与已保存的比较”）。</translation>
    </message>
    <message>
        <source>saved, before the edit</source>
        <extracomment>the legend&apos;s entry for the saved route, drawn dashed under the edited one</extracomment>
        <translation>已保存（编辑前）</translation>
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
        <translation>失败发生在任何输出或工具活动之前(&amp;B)</translation>
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation>在时间线中显示</translation>
    </message>
    <message>
        <source>A&amp;gent:</source>
        <translation>智能体(&amp;G)：</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Agent that printed the error</source>
        <translation>输出该错误的智能体</translation>
    </message>
    <message>
        <source>The kandev agent that printed the error: its own wording is read before provider-neutral wording.</source>
        <translation>输出该错误的 kandev 智能体：先读取它自身的措辞，再读取与提供商无关的措辞。</translation>
    </message>
    <message>
        <source>Phase:</source>
        <translation>阶段：</translation>
    </message>
    <message>
        <source>Not known</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>%1 (before the agent runs)</source>
        <translation>%1（智能体运行前）</translation>
    </message>
    <message>
        <source>%1 (agent running)</source>
        <translation>%1（智能体运行中）</translation>
    </message>
    <message>
        <source>Phase of the failure</source>
        <translation>失败所处的阶段</translation>
    </message>
    <message>
        <source>When the error happened. An error no rule knows is unknown_provider_error before the agent runs and agent_runtime_error after it; both stop.</source>
        <translation>错误发生的时间。没有规则能识别的错误，在智能体运行前为 unknown_provider_error，运行后为 agent_runtime_error；两者都会停止。</translation>
    </message>
    <message>
        <source>Paste an error: the response (an optional &quot;HTTP/1.1 429&quot; line, headers, a blank line, the body), or an agent&apos;s stderr (an optional &quot;exit code: 127&quot; line first). What you paste is read as the error&apos;s own words, as if it had failed with an error status.</source>
        <translation>粘贴一条错误：响应（可选的“HTTP/1.1 429”行、标头、一个空行、正文），或智能体的 stderr（第一行可以是可选的“exit code: 127”行）。粘贴的内容会被当作错误自身的文字读取，就像它以错误状态失败一样。</translation>
    </message>
    <message>
        <source>Raw error</source>
        <translation>原始错误</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
</context>
<context>
    <name>gui::ValidationPane</name>
    <message>
        <source>Validation problems</source>
        <translation>验证问题</translation>
    </message>
    <message>
        <source>Nothing is open.</source>
        <translation>未打开任何内容。</translation>
    </message>
    <message>
        <source>Read-only: %1. Nothing can be saved.</source>
        <translation>只读：%1。无法保存任何内容。</translation>
    </message>
    <message numerus="yes">
        <source>Read-only: %1. %n problem(s):</source>
        <translation>
            <numerusform>只读：%1。%n 个问题：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No problems: this profile can be saved. %n warning(s) about what kandev may refuse.</source>
        <translation>
            <numerusform>没有问题：此配置可以保存。有 %n 条关于 kandev 可能拒绝之处的警告。</numerusform>
        </translation>
    </message>
    <message>
        <source>No problems: this profile can be saved.</source>
        <translation>没有问题：此配置可以保存。</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) must be fixed before saving. Activate one to go to its field.</source>
        <translation>
            <numerusform>保存前必须修正 %n 个问题。激活某个问题即可跳转到其字段。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n house rule(s) broken; the rules file lets you save anyway.</source>
        <translation>
            <numerusform>违反了 %n 条内部规则；规则文件仍允许保存。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::WhatHappensPanel</name>
    <message>
        <source>The provider reports a reset in</source>
        <translation>提供商报告在此时间后重置：</translation>
    </message>
    <message>
        <source>before any output or tool activity</source>
        <translation>在任何输出或工具活动之前</translation>
    </message>
    <message>
        <source>the reset wait was already used</source>
        <translation>重置等待已用过</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>错误：</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — unclassified</source>
        <translation>%1 — 未分类</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Reset in</source>
        <translation>重置时间</translation>
    </message>
    <message>
        <source>The failure came:</source>
        <translation>失败发生于：</translation>
    </message>
    <message>
        <source>Retries already made:</source>
        <translation>已进行的重试次数：</translation>
    </message>
    <message>
        <source>Decision:</source>
        <translation>决策：</translation>
    </message>
    <message>
        <source>Select a candidate.</source>
        <translation>请选择一个候选配置。</translation>
    </message>
</context>
<context>
    <name>model::CandidateListModel</name>
    <message>
        <source>Stale: profile not found</source>
        <translation>已失效：未找到配置</translation>
    </message>
    <message>
        <source>Stale: profile deleted</source>
        <translation>已失效：配置已删除</translation>
    </message>
    <message>
        <source>Ineligible: profile disabled</source>
        <translation>不符合条件：配置已禁用</translation>
    </message>
    <message>
        <source>Ineligible: auto fallback</source>
        <translation>不符合条件：自动回退</translation>
    </message>
    <message>
        <source>Ineligible: dynamic profile</source>
        <translation>不符合条件：动态配置</translation>
    </message>
    <message>
        <source>Ineligible: references itself</source>
        <translation>不符合条件：引用自身</translation>
    </message>
    <message>
        <source>Ineligible: named twice</source>
        <translation>不符合条件：被指定两次</translation>
    </message>
    <message>
        <source>Ineligible: profile has no agent</source>
        <translation>不符合条件：配置没有智能体</translation>
    </message>
    <message>
        <source>Ineligible: Office profile</source>
        <translation>不符合条件：办公室配置</translation>
    </message>
    <message>
        <source>Warning: agent may not be launchable</source>
        <translation>警告：智能体可能无法启动</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n 个问题</numerusform>
        </translation>
    </message>
    <message>
        <source>Agent profile: %1</source>
        <translation>智能体配置：%1</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>已启用</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>已禁用</translation>
    </message>
    <message>
        <source>Legacy rules</source>
        <translation>旧版规则</translation>
    </message>
    <message>
        <source>Position %1 in the route</source>
        <translation>路由中的第 %1 位</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选配置</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message numerus="yes">
        <source>House rule(s): %1</source>
        <extracomment>%1: the ids of the house rules a candidate breaks</extracomment>
        <translation>
            <numerusform>内部规则：%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::Commands</name>
    <message>
        <source>Enable %1</source>
        <translation>启用 %1</translation>
    </message>
    <message>
        <source>Disable %1</source>
        <translation>禁用 %1</translation>
    </message>
    <message>
        <source>Move %1 up to position %2</source>
        <translation>将 %1 上移到第 %2 位</translation>
    </message>
    <message>
        <source>Move %1 down to position %2</source>
        <translation>将 %1 下移到第 %2 位</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Rename the profile to &quot;%1&quot;</source>
        <translation>将配置重命名为“%1”</translation>
    </message>
    <message>
        <source>Enable the profile %1</source>
        <translation>启用配置 %1</translation>
    </message>
    <message>
        <source>Disable the profile %1</source>
        <translation>禁用配置 %1</translation>
    </message>
    <message>
        <source>New dynamic profile</source>
        <translation>新建动态配置</translation>
    </message>
    <message>
        <source>Delete the profile %1</source>
        <translation>删除配置 %1</translation>
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
        <translation>此配置的某一数据行包含无法读取的值</translation>
    </message>
    <message>
        <source>a route of this profile has a policy version newer than this build; saving could lose what it means</source>
        <translation>此配置的某条路由使用的策略版本比此版本的程序更新；保存可能会丢失其含义</translation>
    </message>
    <message>
        <source>its legacy rules cannot be migrated (%1); settle them in kandev and open the database again</source>
        <translation>其旧版规则无法迁移（%1）；请在 kandev 中解决后重新打开数据库</translation>
    </message>
    <message>
        <source>%1 is open read-only: %2</source>
        <translation>%1 以只读方式打开：%2</translation>
    </message>
    <message numerus="yes">
        <source>The document has %n problem(s); fix them before saving.</source>
        <translation>
            <numerusform>文档有 %n 个问题；请在保存前修正。</numerusform>
        </translation>
    </message>
    <message>
        <source>The document as it would be written does not pass validation, so it is not written:
%1</source>
        <translation>待写入的文档未通过验证，因此未写入：
%1</translation>
    </message>
    <message>
        <source>Profile %1 is read-only: %2</source>
        <translation>配置 %1 为只读：%2</translation>
    </message>
    <message>
        <source>Profile %1 as it would be written does not pass validation, so nothing is written:
%2</source>
        <translation>待写入的配置 %1 未通过验证，因此未写入任何内容：
%2</translation>
    </message>
    <message>
        <source>Nothing was saved: %1</source>
        <translation>未保存任何内容：%1</translation>
    </message>
    <message>
        <source>%1 holds no dynamic profile to edit.</source>
        <translation>%1 中没有可编辑的动态配置。</translation>
    </message>
    <message numerus="yes">
        <source>The house rules forbid saving while %n of them are broken (the rules file says they block).</source>
        <translation>
            <numerusform>有 %n 条内部规则被违反，内部规则禁止保存（规则文件设定为阻止保存）。</numerusform>
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
        <translation>没有剩余</translation>
    </message>
    <message>
        <source>%1, then stop</source>
        <translation>%1，然后停止</translation>
    </message>
    <message>
        <source>%1, then none left</source>
        <translation>%1，然后没有剩余</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>已启用</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>已禁用</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n enabled</source>
        <translation>
            <numerusform>已启用 %1 / %n</numerusform>
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
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Profile id: %1</source>
        <translation>配置 ID：%1</translation>
    </message>
    <message>
        <source>The longest a route cycle can hold a task for %1 before it stops for a person or no candidate is left.</source>
        <translation>遇到%1时，一个路由周期在转为人工处理或没有剩余候选配置之前，最多可滞留任务的时间。</translation>
    </message>
    <message>
        <source>Attempts in the worst-case cycle: %1 for transient errors, %2 for hard errors.</source>
        <translation>最坏情况下一个周期内的尝试次数：暂时性错误 %1 次，硬错误 %2 次。</translation>
    </message>
    <message>
        <source>Some enabled candidate names a profile whose agent the document does not say.</source>
        <translation>某个已启用的候选配置指定的配置，其智能体未在文档中注明。</translation>
    </message>
    <message>
        <source>Rules broken: %1</source>
        <translation>违反的规则：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n excepted by the rules file.</source>
        <translation>
            <numerusform>%n 个已由规则文件豁免。</numerusform>
        </translation>
    </message>
    <message>
        <source>kandev&apos;s limits</source>
        <translation>kandev 的限制</translation>
    </message>
    <message>
        <source>kandev&apos;s candidate rules</source>
        <translation>kandev 的候选配置规则</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候选配置</translation>
    </message>
    <message>
        <source>Hold, transient</source>
        <translation>滞留（暂时性错误）</translation>
    </message>
    <message>
        <source>Hold, hard</source>
        <translation>滞留（硬错误）</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>提供商</translation>
    </message>
    <message>
        <source>Live routes</source>
        <translation>实时路由</translation>
    </message>
    <message>
        <source>Violations</source>
        <translation>违规</translation>
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
        <translation>内部规则：无</translation>
    </message>
    <message>
        <source>House rules: %1 cannot be used</source>
        <translation>内部规则：%1 无法使用</translation>
    </message>
    <message>
        <source>House rules: %1 (chosen in the settings)</source>
        <translation>内部规则：%1（在设置中选择）</translation>
    </message>
    <message>
        <source>House rules: %1 (found beside the document)</source>
        <translation>内部规则：%1（在文档旁找到）</translation>
    </message>
    <message>
        <source>House rules: %1 (found beside the database)</source>
        <translation>内部规则：%1（在数据库旁找到）</translation>
    </message>
    <message>
        <source>No rules file is chosen in the settings, and there is no %1 in the document&apos;s folder or a parent: only kandev&apos;s own rules are checked.</source>
        <translation>设置中未选择规则文件，文档所在文件夹及其上级文件夹中也没有 %1：只检查 kandev 自身的规则。</translation>
    </message>
    <message numerus="yes">
        <source>%1:%2:%3: %4 (%n problem(s) in all; policyctl lint --rules lists them)</source>
        <translation>
            <numerusform>%1:%2:%3: %4（共 %n 个问题；policyctl lint --rules 会列出）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::LiveRoutesModel</name>
    <message>
        <source>Selecting</source>
        <translation>正在选择</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>正在启动</translation>
    </message>
    <message>
        <source>Waiting (no candidate)</source>
        <translation>正在等待（没有候选配置）</translation>
    </message>
    <message>
        <source>Retrying</source>
        <translation>正在重试</translation>
    </message>
    <message>
        <source>Retry wait</source>
        <translation>重试等待</translation>
    </message>
    <message>
        <source>Waiting for reset</source>
        <translation>正在等待重置</translation>
    </message>
    <message>
        <source>Action required</source>
        <translation>需要操作</translation>
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
        <translation>截止时间 %1，现已到期。</translation>
    </message>
    <message>
        <source>Deadline %1, in %2.</source>
        <translation>截止时间 %1，还剩 %2。</translation>
    </message>
    <message>
        <source>unknown: %1</source>
        <translation>未知：%1</translation>
    </message>
    <message>
        <source>wait up to %1 for a reset</source>
        <translation>最多等待 %1 直到重置</translation>
    </message>
    <message numerus="yes">
        <source>%n retries from %1</source>
        <translation>
            <numerusform>从 %1 起重试 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>no wait, no retry</source>
        <translation>不等待、不重试</translation>
    </message>
    <message>
        <source>, then </source>
        <translation>，然后</translation>
    </message>
    <message>
        <source>skip, but no candidate is left (the route waits)</source>
        <translation>跳过，但已没有候选配置（路由将等待）</translation>
    </message>
    <message>
        <source>skip to %1</source>
        <translation>跳至 %1</translation>
    </message>
    <message>
        <source>stop for a person</source>
        <translation>停止并等待人工处理</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: retry %1 of %2 in %3, then %4.</source>
        <translation>如果到截止时间时同一错误再次出现：%3 后进行第 %1 次重试（共 %2 次），然后%4。</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: wait %1 for the provider&apos;s reset, then %2.</source>
        <translation>如果到截止时间时同一错误再次出现：等待 %1 直到提供商重置，然后%2。</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: %1.</source>
        <translation>如果到截止时间时同一错误再次出现：%1。</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: stop for a person (the error is not classified).</source>
        <translation>如果到截止时间时同一错误再次出现：停止并等待人工处理（该错误未分类）。</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: stop for a person.</source>
        <translation>如果到截止时间时同一错误再次出现：停止并等待人工处理。</translation>
    </message>
    <message>
        <source>%1: scheduled under %2; you are editing %3.</source>
        <translation>%1：按“%2”排定；你正在编辑的是“%3”。</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
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
        <translation>智能体配置 %1</translation>
    </message>
    <message>
        <source>This route&apos;s row cannot be read: %1</source>
        <translation>无法读取此路由的数据行：%1</translation>
    </message>
    <message>
        <source>policy_state_json cannot be read: %1</source>
        <translation>无法读取 policy_state_json：%1</translation>
    </message>
    <message>
        <source>The policy it was scheduled under cannot be read: %1</source>
        <translation>无法读取排定它时所用的策略：%1</translation>
    </message>
    <message>
        <source>What the route does when its waits and retries are used up (the pending outcome it was scheduled with)</source>
        <translation>路由在等待和重试用尽后的处理（排定时设定的待定结果）</translation>
    </message>
    <message>
        <source>The classes whose wait for a provider reset this route cycle has used</source>
        <translation>本路由周期中已使用过提供商重置等待的类别</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选配置</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Reset waits</source>
        <translation>重置等待</translation>
    </message>
    <message>
        <source>Then</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>截止时间</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>剩余</translation>
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
            <numerusform>%1 — %n 个候选配置</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 [disabled]</source>
        <extracomment>A dynamic profile switched off (agent_profiles.enabled), as the Route dock lists it.</extracomment>
        <translation>%1（已禁用）</translation>
    </message>
</context>
<context>
    <name>model::TimelineEventModel</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选配置</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>决策</translation>
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
        <translation>第 %1 次尝试</translation>
    </message>
    <message>
        <source>Retry %1 after %2</source>
        <translation>%2 后第 %1 次重试</translation>
    </message>
    <message>
        <source>Reset wait %1</source>
        <translation>重置等待 %1</translation>
    </message>
    <message>
        <source>Skip to the next candidate</source>
        <translation>跳至下一个候选配置</translation>
    </message>
    <message>
        <source>Stop: action required</source>
        <translation>停止：需要操作</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>No eligible candidate left</source>
        <translation>没有剩余的符合条件的候选配置</translation>
    </message>
    <message>
        <source>Configuration error</source>
        <translation>配置错误</translation>
    </message>
    <message>
        <source>Simulation stopped at its event limit</source>
        <translation>模拟在达到事件上限时停止</translation>
    </message>
    <message>
        <source>Passed over: circuit open for %1</source>
        <translation>已略过：%1 的熔断已打开</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>%1: what the error is (&quot;model at capacity&quot;), %2: its class (&quot;transient errors&quot;)</extracomment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 · retry ordinal %2 · until +%3 · then %4</source>
        <extracomment>%3: the deadline as an offset from the first failure</extracomment>
        <translation>%1 · 第 %2 次重试 · 直到 +%3 · 之后%4</translation>
    </message>
    <message>
        <source>%1 · trusted reset at +%2 · then %3</source>
        <translation>%1 · 可信重置时间 +%2 · 之后%3</translation>
    </message>
    <message>
        <source>%1 · safety gate: unclassified or after side effects</source>
        <translation>%1 · 安全闸门：未分类或发生在副作用之后</translation>
    </message>
    <message>
        <source>%1 · %2 · until %3</source>
        <translation>%1 · %2 · 直到 %3</translation>
    </message>
    <message>
        <source>The provider reports a trusted reset in %1, within this candidate&apos;s %2 maximum wait for %3, so it waits and tries once more.</source>
        <translation>提供商报告 %1 后可信重置，在此候选配置针对%3的最大等待时间 %2 之内，因此等待后再尝试一次。</translation>
    </message>
    <message>
        <source>Retry %1 of %2: the first retry after %3, doubled for each retry after it.</source>
        <translation>第 %1 次重试（共 %2 次）：首次重试在 %3 后，之后每次重试的间隔加倍。</translation>
    </message>
    <message numerus="yes">
        <source>All %n retry(s) are used.</source>
        <translation>
            <numerusform>全部 %n 次重试均已用完。</numerusform>
        </translation>
    </message>
    <message>
        <source>Retrying is off for %1 on this candidate.</source>
        <translation>此候选配置针对%1关闭了重试。</translation>
    </message>
    <message>
        <source>Once recovery is exhausted, %1 on this candidate skip to the next candidate.</source>
        <translation>恢复操作耗尽后，此候选配置遇到%1时会跳至下一个候选配置。</translation>
    </message>
    <message>
        <source>Once recovery is exhausted, %1 on this candidate stop for manual recovery.</source>
        <translation>恢复操作耗尽后，此候选配置遇到%1时会停止并等待手动恢复。</translation>
    </message>
    <message>
        <source>Attempt %1 succeeds in this scenario.</source>
        <translation>在此场景中，第 %1 次尝试成功。</translation>
    </message>
    <message>
        <source>Every later candidate is disabled or was skipped: no candidate is left to try.</source>
        <translation>后续所有候选配置都已禁用或已被跳过：没有可尝试的候选配置了。</translation>
    </message>
    <message>
        <source>This candidate&apos;s policies are not valid (%1), so the cycle stops here.</source>
        <translation>此候选配置的策略无效（%1），因此周期在此停止。</translation>
    </message>
    <message>
        <source>The scenario never ends; the preview stops at its event limit.</source>
        <translation>此场景永不结束；预览在达到事件上限时停止。</translation>
    </message>
    <message>
        <source>kandev paused %1 after %2 until %3; a candidate whose circuit is open is passed over without an attempt.</source>
        <extracomment>%1: a resource key such as profile:claude-sonnet, %2: a failure code, %3: a time</extracomment>
        <translation>kandev 在 %2 之后将 %1 暂停至 %3；熔断已打开的候选配置会被略过，不进行尝试。</translation>
    </message>
    <message>
        <source>success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>stop for manual recovery</source>
        <translation>停止并手动恢复</translation>
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation>没有剩余的符合条件的候选配置</translation>
    </message>
    <message>
        <source>a configuration error</source>
        <translation>配置错误</translation>
    </message>
    <message>
        <source>the event limit</source>
        <translation>事件上限</translation>
    </message>
    <message numerus="yes">
        <source>%n attempt(s) in %1, ending in %2.</source>
        <translation>
            <numerusform>%1 内共尝试 %n 次，结局：%2。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, then stop on %2</source>
        <translation>%1，然后在 %2 上停止</translation>
    </message>
    <message>
        <source>%1, then no eligible candidate</source>
        <translation>%1，然后没有符合条件的候选配置</translation>
    </message>
    <message>
        <source>Worst case from the first failure: transient errors %1; hard errors %2.</source>
        <translation>从首次失败起的最坏情况：暂时性错误 %1；硬错误 %2。</translation>
    </message>
    <message>
        <source>%1 is disabled and never tried.</source>
        <translation>%1 已禁用，永远不会被尝试。</translation>
    </message>
    <message>
        <source>%1 is invalid and stops every cycle that reaches it.</source>
        <translation>%1 无效，会使到达它的每个周期都停止。</translation>
    </message>
    <message>
        <source>%1 is never reached for %2: an earlier candidate stops.</source>
        <translation>对于%2，永远不会到达 %1：更早的候选配置会停止。</translation>
    </message>
    <message>
        <source>Every candidate skips %1: the route ends with no eligible candidate.</source>
        <translation>所有候选配置都跳过%1：路由以没有符合条件的候选配置结束。</translation>
    </message>
    <message>
        <source>%1 retries hard errors without a reset wait; quota and credential errors rarely clear that fast.</source>
        <translation>%1 在没有重置等待的情况下重试硬错误；配额和凭据错误很少会这么快消除。</translation>
    </message>
    <message>
        <source>No candidate is enabled.</source>
        <translation>没有已启用的候选配置。</translation>
    </message>
    <message>
        <source>%1 references a profile it may not use; kandev will not run it.</source>
        <translation>%1 引用了不允许使用的配置；kandev 不会运行它。</translation>
    </message>
    <message numerus="yes">
        <source>The simulation stopped after %n event(s).</source>
        <translation>
            <numerusform>模拟在 %n 个事件后停止。</numerusform>
        </translation>
    </message>
    <message>
        <source>Retry timeline for the scenario %1. %2</source>
        <translation>场景“%1”的重试时间线。%2</translation>
    </message>
    <message>
        <source>Compared with the saved policy: %1.</source>
        <extracomment>%1: what the edit does to the route (&quot;+1 attempt, 40 s longer&quot;); the saved route is drawn dashed</extracomment>
        <translation>与已保存的策略相比：%1。</translation>
    </message>
    <message>
        <source>This candidate&apos;s configuration cannot be simulated.</source>
        <translation>无法模拟此候选配置的设置。</translation>
    </message>
</context>
<context>
    <name>model::ValidationModel</name>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选配置</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
</context>
</TS>
