<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ChangeReview</name>
    <message>
        <source>Written to the database, all in one transaction:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>route (%1): %2</source>
        <extracomment>%1: the scenario the Timeline shows, %2: what the edit does to the route in it</extracomment>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>DatabaseWrites</name>
    <message>
        <source>profile %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile %1 (%2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>version %1 becomes %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>written as a new profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>this kandev keeps no route state</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the routes running now could not be read (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no route is running under it</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n route(s) running, none waiting for a deadline: each meets the new policy at its next failure</source>
        <translation>
            <numerusform>%n route running, not waiting for a deadline: it meets the new policy at its next failure</numerusform>
            <numerusform>%n routes running, none waiting for a deadline: each meets the new policy at its next failure</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running</source>
        <translation>
            <numerusform>%n route running</numerusform>
            <numerusform>%n routes running</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting under the old policy: their scheduled deadlines stay, their next failure uses the new one</source>
        <translation>
            <numerusform>%n waiting under the old policy: its scheduled deadline stays, its next failure uses the new one</numerusform>
            <numerusform>%n waiting under the old policy: their scheduled deadlines stay, their next failure uses the new one</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2; %3.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1, %2</source>
        <comment>clauses</comment>
        <extracomment>two clauses of one sentence: "3 routes running, 1 waiting under the old policy: ..."</extracomment>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>DiffText</name>
    <message>
        <source>no differences</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>(document)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile %1 added:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile %1 (%2) added:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile %1 removed:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile %1 (%2) removed:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile %1:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile %1 (%2):</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>name "%1" -&gt; "%2"</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>candidate %1 added at %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>candidate %1 removed from %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>candidate %1 moved from %2 to %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>candidate %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot compare: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile enabled (was disabled)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile disabled (was enabled): kandev no longer offers it for new tasks</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>true</source>
        <comment>a switch's value: on</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>false</source>
        <comment>a switch's value: off</comment>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ErrorTrial</name>
    <message>
        <source>Paste an error to see how it is classified.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br/&gt;%3 · rule &lt;code&gt;%4&lt;/code&gt; · %5 · confidence %6 · scope %7</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>kandev's own rules say &lt;code&gt;%1&lt;/code&gt; here; this catalogue differs on purpose (see the README).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reset hint from %1: in %2 (trusted)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reset hint from %1: not trusted (%2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No reset hint.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Only the first 16 KiB and 64 headers were read.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Select a candidate to see its decision.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The pasted error, every attempt</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>FileText</name>
    <message>
        <source>a directory</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a character device</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a block device</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a socket</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a symbolic link</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not a regular file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: no such file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>%2: the operating system's reason, as it gave it</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: is %2, not a regular file; documents are read only from regular files</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: the file is %2; documents are limited to %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: no space left on the device that holds it; nothing was written</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: the disk quota is exhausted; nothing was written</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: permission denied; nothing was written</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: the file system is read-only; nothing was written</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: %2; nothing was written</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>KandevText</name>
    <message>
        <source>%1: backup failed, nothing was written: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: backup to %2 failed, nothing was written: %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>backup failed, nothing was written: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: no such database file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not a PostgreSQL URL (postgres://user:password@host:port/database)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no database given</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>KANDEV_DATABASE_PATH is not set</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>KANDEV_DATABASE_DRIVER must be sqlite or postgres, not '%1'</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>KANDEV_DATABASE_PORT must be a port number from 1 to 65535, not '%1'</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (reading the live routes)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is not a kandev database: it has no %2 table (kandev's are agents, agent_profiles, dynamic_agent_profiles and dynamic_agent_routes)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: %2 (did kandev's tables change since they were read?); nothing was written</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: %2; nothing was written</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile "%1": its agent profile row was changed or deleted in the database since it was read; nothing was written, reload and review again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 has no agent named "%2" (kandev's built-in dynamic agent, which kandev adds when dynamic routing is on); nothing was written</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile "%1": its routes were changed in the database since it was read (without a version change); nothing was written, reload and review again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is not the database that was read (%2); nothing was written, open it again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the file at that path was replaced</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>another server or database answers there</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile "%1" was changed in the database since it was read (version %2 expected); nothing was written, reload and review again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is locked: another connection is writing to it (%2); nothing was read, try again when it is done</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>MigrationReview</name>
    <message>
        <source>Dynamic profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>kandev's Go backend applies rules in sorted key order and would use &lt;code&gt;%1&lt;/code&gt; for %2 (%3). Policy Studio follows the documented rule: &lt;code&gt;%4&lt;/code&gt; wins (%5).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1. %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>enabled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>disabled: the route skips it</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Legacy rules</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Becomes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;i&gt;No rules and no policies.&lt;/i&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;i&gt;Cannot be migrated.&lt;/i&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>try the next candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>stop</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>retry the same candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Gets the default: no wait, no retry, skip, for both classes.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Written &lt;code&gt;"%1"&lt;/code&gt; → &lt;code&gt;"%2"&lt;/code&gt;; read, as kandev reads it, with the white space around it trimmed.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The per-code rule &lt;code&gt;%1&lt;/code&gt; wins over it for its class.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;code&gt;%1&lt;/code&gt; becomes %2 — kandev's documented mapping.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No rule covers %1; they get the default (no wait, no retry, skip).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>In profile %1, candidate %2. %3: settle its rules in kandev.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Field: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>show line %1 of the file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Choose the rule that decides %1 (the others are removed; Undo brings them back):</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>transient and hard errors</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;code&gt;%1&lt;/code&gt; covers %2 and means: %3.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>PolicyText</name>
    <message>
        <source>0 s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 d</source>
        <extracomment>duration parts: days, hours, minutes, seconds</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>skip</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>stop</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no outcome</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>wait up to %1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n retries from %1</source>
        <translation>
            <numerusform>%n retry from %1</numerusform>
            <numerusform>%n retries from %1</numerusform>
        </translation>
    </message>
    <message>
        <source>stop immediately</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>skip immediately</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no outcome set</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1, then %2</source>
        <extracomment>%1: what is tried, %2: skip or stop</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Transient: %1 · Hard: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No retries: the first failure goes straight to the outcome.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Retries after %1, then %2.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n retries: %1 attempts in all, up to %2 of waiting.</source>
        <translation>
            <numerusform>%n retry: %1 attempts in all, up to %2 of waiting.</numerusform>
            <numerusform>%n retries: %1 attempts in all, up to %2 of waiting.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delays stop growing at the %1 cap.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Transient errors</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Hard errors</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unclassified errors</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The provider, the network or the model is briefly unable to serve. These usually clear on their own within seconds or minutes.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The account, subscription, quota, credentials, configuration or model needs a long reset or a person. Retrying soon rarely helps; a trusted reset time can.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Anything the catalogue does not know. It always stops automatic recovery.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>For example: %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>network unavailable</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>model at capacity</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>agent connection lost</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>sign-in required</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>missing API key</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>subscription or billing required</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>quota or spend limit reached</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>model not available</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>provider not configured</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown provider error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>agent runtime error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>task error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>repository error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>permission denied by the user</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>corrupted resume state</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Must be between %1 and %2 (found %3).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Must be 0 while this section is off (found %1).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Choose what happens when recovery is exhausted.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unsupported policy version %1; this editor supports %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A dynamic profile needs at least one candidate.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Candidate %1 carries position %2; positions are renumbered on save.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The candidate does not name an agent profile.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The candidate has both policies and legacy rules.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Wait %1 for the provider's reset, then try this candidate once more; if that fails too: %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Retry %1 of this candidate after %2; when retries run out: %3.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Skip to the next candidate now.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop for manual recovery.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No schedule until the retry values above are within their limits.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Candidate %1 already names this agent profile; kandev refuses a route that names a profile twice.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Legacy rules cannot be migrated: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop for manual recovery: the classifier could not classify this error, and unclassified errors always stop.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>corrupted npx cache</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>agent package version not found by npm</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>transient errors</source>
        <extracomment>the class inside a sentence ("retries for transient errors of X"); German keeps the noun's capital</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>hard errors</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unclassified errors</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>provider unavailable</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>provider overloaded</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>short rate limit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop: this candidate's policies are invalid, and invalid settings never authorize work.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop for manual recovery: the failure came after output or tool activity, so retrying could repeat side effects.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The reset hint is not trusted for this error, so it is not used.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Wait-for-reset is off for %1 on this candidate, so the %2 hint is not used.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This candidate already waited for a reset of %1 in this cycle, so the %2 reset is not used.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The reported reset is not in the future, so it is not used.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The %1 hint is beyond this candidate's %2 maximum wait for %3, so it is not used.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is neither transient nor hard: unknown errors always stop for a person.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The failure came after output or tool activity: errors after side effects always stop.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Never in either class: unknown (unclassified) errors, task, repository, permission or tool errors, and any error after the agent produced output or used a tool. Those always stop for a person, so that no work runs twice.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A route moves to the next candidate only after a classified provider error, and only when that candidate's policy for the class says skip once its retries are used up: transient errors (rate limits, overload, capacity, network, provider outages) and hard errors (quota, subscription, credentials, configuration, unavailable models).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>It never switches for an unclassified error (unknown, task, repository, permission or tool errors) nor for any error after the agent produced output or used a tool: those stop for a person, so that no work runs twice.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>After a provider fails, kandev pauses it for one minute, or until the reset time it reported, and then lets a single health probe through before any route uses it again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Waiting for a reset happens at most once per candidate and class in a route cycle, only for a trusted reset time within the maximum wait, and it does not use up a retry: after the wait, kandev tries the candidate once more before its retries apply.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile name is required.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The candidate is this dynamic profile itself; kandev refuses a profile as its own candidate.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profile %1 is not in this file; kandev refuses a candidate whose profile does not exist.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profile %1 is deleted; kandev refuses it as a candidate.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profile %1 has no agent; kandev refuses a profile without an agent.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profile %1 is a dynamic profile; kandev refuses dynamic profiles as candidates.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profile %1 is an Office profile (it has a workspace or a role); kandev refuses Office profiles as candidates.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profile %1 has automatic fallback; kandev refuses such profiles as candidates.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profile %1 is disabled; a disabled profile cannot be a candidate.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Warning: kandev may refuse agent profile %1: its agent %2 is not one of the inference agents kandev of %3 knows.</source>
        <extracomment>%3 is the date of the kandev release whose list of agents this build knows</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>this profile itself</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>already in the route</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not in this file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no agent</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a dynamic profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>an Office profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>automatic fallback</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>disabled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>agent %1 may not be launchable</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>high</source>
        <comment>confidence</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>medium</source>
        <comment>confidence</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>low</source>
        <comment>confidence</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>provider</source>
        <comment>scope</comment>
        <extracomment>what a failure affects: the provider, the account, the model or this request</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>account</source>
        <comment>scope</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>model</source>
        <comment>scope</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>request</source>
        <comment>scope</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>guard</source>
        <comment>stage</comment>
        <extracomment>where a classification rule sits in kandev's order</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>structured</source>
        <comment>stage</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>agent CLI</source>
        <comment>stage</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>provider-neutral</source>
        <comment>stage</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>runtime</source>
        <comment>stage</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>phase fallback</source>
        <comment>stage</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>parsed, in the future, and no other hint disagrees</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>could not be parsed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot be represented: past %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not in the future</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>more than a year away</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>agrees with %1</source>
        <extracomment>%1: another hint's source, e.g. retry-after</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>disagrees with %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>conflicting hints: none is trusted</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a time of day without a time zone is ambiguous</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown time zone %1</source>
        <extracomment>%1: the time zone's name as the error wrote it</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not a calendar date</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Capacity error before output, every attempt</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Quota exhausted, reset in 1 min</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Quota exhausted, reset in 6 h</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Two transient errors, then success</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unknown error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Failure after tool activity</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>candidate %1 (“%2”)</source>
        <extracomment>%1: the candidate's index in the route, %2: its profile id</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: a legacy rule has an empty key</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: the legacy rule key “%2” is neither on_provider_error nor a transient or hard error code</source>
        <extracomment>%2: the rule's key as written, e.g. rate_limitd</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: the legacy rule “%2” has the unknown action “%3” (expected retry_same, try_next or stop)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: conflicting legacy rules for %2: %3</source>
        <extracomment>%2: the class in a sentence ("transient errors"); %3: the rules, e.g. rate_limited = stop</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 carries both policies and legacy rules</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 %2</source>
        <comment>duration parts</comment>
        <extracomment>two parts of a duration: "1 min 30 s"</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1, %2</source>
        <comment>list</comment>
        <extracomment>two items of a list: "a, b" in English, "a、b" in Chinese</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 %2</source>
        <comment>sentences</comment>
        <extracomment>two sentences one after the other: a space between them in English, none in Chinese</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>syntax error: %1</source>
        <extracomment>%1: the JSON parser's own words, in English</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the file is empty; expected a JSON document</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the file is %1; documents are limited to %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>JSON is nested more than %1 levels deep</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>duplicate key %1: each key may appear once per object</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>-0 is not a valid integer here; write 0</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>schema: %1</source>
        <extracomment>%1: the JSON Schema validator's own words, in English</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>is also the id of %1; kandev keeps one profile per id (agent_profiles' primary key)</source>
        <extracomment>%1: the field path of the other profile</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>an integer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>true or false</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a string</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>an object</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>an array</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a boolean</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>null</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>an unsupported value</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>"skip" or "stop"</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a candidate object</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>an object mapping error codes to actions</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>an action string</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a dynamic profile object</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>an array of candidates</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>an agent profile object</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>an array of agent profiles</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a class policy</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a policy document</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>expected %1, found the fraction %2</source>
        <extracomment>%1: what the document should hold there ("an integer"), %2: what it holds ("a string")</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>expected %1, found %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown key %1 in %2 (allowed: %3)</source>
        <extracomment>%1: the key as written, quoted; %2: where ("a class policy"); %3: the keys allowed there</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown on_exhausted %1 (expected "skip" or "stop")</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is missing</source>
        <extracomment>%1: the field's key, e.g. execution_profile_id</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the integer %1 is out of range (largest allowed: %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the number is beyond the 64-bit integer range (allowed: %1 to %2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the profile version must not be negative</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>this agent profile is not dynamic: it has no "dynamic" document</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>not a policy document: expected a dynamic profile ("candidates"), an agent profile ("dynamic") or an export (an array, or "profiles")</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (line %2, column %3)</source>
        <extracomment>%1: rules_json and a field path in it, %2: its line, %3: its column</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile “%1”, position %2: %3: %4</source>
        <extracomment>%1: a profile id, %2: a route's position</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile “%1”, position %2: rules_json is %3 characters long; a route's rules are limited to %4 characters, so this profile is left untouched</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile “%1”, position %2: rules_json has policy version %3, newer than this build's %4; this profile is read and never written</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile “%1”, position %2: execution_profile_id is empty once white space is trimmed; kandev's backend rejects the route, so this profile is left untouched</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the real number %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a blob of %1 bytes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the boolean %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the text “%1”</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is past the 64-bit integer range kandev reads</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is not an integer, which kandev reads here</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NULL where kandev reads an integer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is not a boolean (0 or 1), which kandev reads here</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is not text, which kandev reads here</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>NULL where kandev reads text</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>profile “%1”: %2, column %3: %4; this profile is left untouched</source>
        <extracomment>%1: a profile id, %2: kandev's table, %3: its column, %4: what is wrong with the value</extracomment>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>and %n more problem(s) not listed; correct these and check again</source>
        <extracomment>After the first hundred problems of a file: how many more there are.</extracomment>
        <translation>
            <numerusform>and %n more problem not listed; correct these and check again</numerusform>
            <numerusform>and %n more problems not listed; correct these and check again</numerusform>
        </translation>
    </message>
    <message>
        <source>The worst-case hold for %1 is %2; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2 and %3: durations</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>One route cycle makes up to %2 attempts for %1; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2, %3: numbers of attempts</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This candidate retries %1 up to %2 times; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2, %3: numbers of retries</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This candidate waits up to %1 for the reset of %2; the house allows %3.</source>
        <extracomment>%1: a duration; %2: transient errors or hard errors; %3: a duration</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>For %1 the route ends in stop; the house wants it to end with no candidate left.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>For %1 the route ends with no candidate left; the house wants it to end in stop, so that a person hears of it.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n candidate(s) enabled; the house requires at least %1.</source>
        <translation>
            <numerusform>%n candidate enabled; the house requires at least %1.</numerusform>
            <numerusform>%n candidates enabled; the house requires at least %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The enabled candidates span %n provider(s)%1; the house requires at least %2.</source>
        <extracomment>%1: the agents' names, or nothing when no agent is known</extracomment>
        <translation>
            <numerusform>The enabled candidates span %n provider%1; the house requires at least %2.</numerusform>
            <numerusform>The enabled candidates span %n providers%1; the house requires at least %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>No route cycle reaches this candidate for %1: an earlier candidate stops the route.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile %1 is not among the profiles the house allows.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile %1 (agent %2) is not among the agents or profiles the house allows.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile %1 matches %2, which the house forbids.</source>
        <extracomment>%1: the profile; %2: the pattern it matches</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This candidate handles %1 differently from the first enabled candidate; the house wants one policy for them.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The candidate's legacy rules cannot be migrated.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The candidate breaks one of kandev's candidate rules.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>House rule %1.</source>
        <extracomment>%1: the rule's id in the rules file</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Excepted for this profile: %1.</source>
        <extracomment>%1: the reason recorded in the rules file</extracomment>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>RouteComparisonText</name>
    <message>
        <source>success on %1</source>
        <extracomment>how a route cycle ends, after "now ends in" / "instead of"; %1: a candidate's name</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>stop on %1 (safety gate)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>stop on %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a configuration error on %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the event limit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot compare with the saved policy: %1 in the edited route cannot be simulated. %2</source>
        <extracomment>%1: a candidate's name; %2: the field path and the problem</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot compare with the saved policy: %1 in the saved route cannot be simulated. %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No change to the route for this scenario</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>+%n attempts</source>
        <extracomment>the change in the number of attempts: "+2 attempts"</extracomment>
        <translation>
            <numerusform>+%n attempt</numerusform>
            <numerusform>+%n attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n attempts</source>
        <translation>
            <numerusform>−%n attempt</numerusform>
            <numerusform>−%n attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>+%n retries</source>
        <translation>
            <numerusform>+%n retry</numerusform>
            <numerusform>+%n retries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n retries</source>
        <translation>
            <numerusform>−%n retry</numerusform>
            <numerusform>−%n retries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>+%n reset waits</source>
        <translation>
            <numerusform>+%n reset wait</numerusform>
            <numerusform>+%n reset waits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n reset waits</source>
        <translation>
            <numerusform>−%n reset wait</numerusform>
            <numerusform>−%n reset waits</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 longer</source>
        <extracomment>%1: how much longer (or shorter) the route takes to its end, "35 s"</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 shorter</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>now ends in %1 instead of %2</source>
        <extracomment>%1: how the edited route ends, %2: how the saved one ended</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The same attempts, waits and ending, but the route differs from event %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>, </source>
        <comment>between the parts of the summary</comment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Its legacy rules cannot be migrated (see Validation).</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::ActionSet</name>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;New Dynamic Profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open &amp;Database…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Re&amp;load from Disk</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Revie&amp;w Changes…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Main Tool Bar</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Migration Report…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Error &amp;Catalogue…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;About Policy Studio</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>About Policy Studio</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;b&gt;Policy Studio %1&lt;/b&gt;&lt;p&gt;Edits the per-class recovery policies of kandev dynamic profiles, validated by the same evaluator a backend links.&lt;/p&gt;&lt;p&gt;Error catalogue: %2 (%3 rules)&lt;br/&gt;Policy schema version: %4&lt;/p&gt;</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Colour &amp;Scheme</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;System</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Delete the dynamic profile shown, as kandev deletes one (a kandev database)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;New Dynamic Profile in %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Dele&amp;te Dynamic Profile…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;House Rules</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Choose Rules File…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Use the Rules File Beside the Document</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Read the Rules File Again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Forget the chosen file: the nearest %1 in the document's folder or a parent is used</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::CandidateEditor</name>
    <message>
        <source>No candidate selected</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No candidates yet</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Add the route's first candidate with Add Candidate (Edit menu) to set what happens when its provider fails.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Select a candidate in the route to edit what happens when its provider fails.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1. %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profile %1 · %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>enabled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>disabled: the route skips it</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Read-only: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1. The route cannot use this candidate until it references an eligible profile.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Read-only: this candidate's legacy rules cannot be migrated. They are shown as they are.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Read-only: this candidate's legacy rules can be migrated, but the document is open read-only (%1).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Legacy rules</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Migrated, they become: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Read-only: this candidate already has versioned policies, but the legacy rules of %1 cannot be migrated, so the document is open read-only.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Read-only: this candidate already has versioned policies, but the legacy rules of %1 were not migrated, so the document is open read-only.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::CandidateListPanel</name>
    <message>
        <source>&amp;Add Candidate…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Add an eligible agent profile at the end of the route</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Move &amp;Down</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Copy Policies To…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Copy the selected candidate's policies to other candidates</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Route candidates</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Copy Policies</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Copy the transient and hard error policies of %1 to:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1. %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Copy policies of %1 to %n candidate(s)</source>
        <translation>
            <numerusform>Copy policies of %1 to %n candidate</numerusform>
            <numerusform>Copy policies of %1 to %n candidates</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy policies</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1, being edited, does not match the filter.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Re&amp;move Candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Move U&amp;p</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::CandidatePickerDialog</name>
    <message>
        <source>Add Candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Filter</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Filter profiles</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This file has no catalogue of agent profiles. Type the id of an enabled, concrete profile without automatic fallback.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profile &amp;id:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>kandev refuses a route that names a profile twice.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is already in the route; kandev refuses a route that names a profile twice.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Every concrete agent profile of the file is listed. Those kandev refuses as candidates are greyed out, with the reason.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profiles</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (%2)
cannot be a candidate: %3</source>
        <extracomment>%3 says why, e.g. "deleted, disabled"</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (%2)
warning: %3</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::CatalogueDialog</name>
    <message>
        <source>Code</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Description</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rule</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Example</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Error Catalogue — %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Error codes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Classification rules</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Codes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Rules</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reads</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rules apply in kandev's order: its structured signals (status, exit 127), then the agent CLI's own wording, then provider-neutral wording, then the runtime environment; the first match of highest priority decides. Wording in ordinary language is only read inside an error context. Without a match the error is unclassified, and unclassified errors always stop.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>any</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>(the phase's code)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>error context</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>signature</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>kandev</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Policy Studio</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>exit code</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::ClassPolicyPanel</name>
    <message>
        <source>&amp;Retry the same candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Wait for provider reset</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>After recovery is exhausted</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>S&amp;kip to the next candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Max retries:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>F&amp;irst retry after:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ma&amp;ximum wait:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>St&amp;op for manual recovery</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Retr&amp;y the same candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Max re&amp;tries:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>First retry &amp;after:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Wait for provi&amp;der reset</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Maxim&amp;um wait:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Skip to the &amp;next candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Sto&amp;p for manual recovery</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Only a trusted reset time that the provider reports, lies in the future and is no further away than the maximum wait is used; then the candidate is tried once more. The wait does not use up retries.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Only trusted reset times within this maximum; no retry is used up.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Turn on retries for %1 of %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Turn off retries for %1 of %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Set max retries for %1 of %2 to %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Set the first retry for %1 of %2 to %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Turn on reset waits for %1 of %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Turn off reset waits for %1 of %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Set the maximum reset wait for %1 of %2 to %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Skip to the next candidate when %1 of %2 are not recovered</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop for a person when %1 of %2 are not recovered</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Explain %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Explain %1 for %2</source>
        <extracomment>%1 is a setting (the retry, the reset wait, the outcome), %2 the class ("transient errors").</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the retry</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Tries the same candidate again after a delay that doubles each time, up to the maximum retries; then the outcome below applies.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the reset wait</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the outcome</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>What happens once the reset wait and every retry are used up: skip to the next enabled candidate, or stop the route until a person acts.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Explain</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>When the provider reports a trusted reset time within the maximum wait, kandev waits until then and tries once more. At most once per candidate and class in a route cycle, and it never uses up one of the retries.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Show or hide the settings for %1</source>
        <extracomment>%1: the class in a sentence ("transient errors")</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Summary for %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::ClearAction</name>
    <message>
        <source>Clear</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::DatabaseSession</name>
    <message>
        <source>Cannot Open Database</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The database could not be opened: %1.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Migrated %n profile(s) in the database; backup: %1. View › Migration Report shows how.</source>
        <translation>
            <numerusform>Migrated %n profile in the database; backup: %1. View › Migration Report shows how.</numerusform>
            <numerusform>Migrated %n profiles in the database; backup: %1. View › Migration Report shows how.</numerusform>
        </translation>
    </message>
    <message>
        <source>Policy Studio cannot read this database:

%1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>its legacy rules were not migrated</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Apply Migration</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Write the migrated policies to %1 now, in one transaction, after a backup? Profiles with errors are left untouched.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Migration Not Applied</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Nothing was written.

%1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Database Password</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 asks for the password of user “%2”. It is kept only while the database is open.

%3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Changed in the Database</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1

Reload the profiles from the database? Your unsaved edits are lost.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>KANDEV_DATABASE_DRIVER is not set.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::DockLayout</name>
    <message>
        <source>Route</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Timeline — %n warning(s)</source>
        <translation>
            <numerusform>Timeline — %n warning</numerusform>
            <numerusform>Timeline — %n warnings</numerusform>
        </translation>
    </message>
    <message>
        <source>Validation</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>What Happens If…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Try an Error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Undo History</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Live Routes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Fleet Overview</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::DocumentController</name>
    <message>
        <source>Open Dynamic Profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>JSON documents (*.json);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot Open File</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Policy Studio cannot open this file:

%1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a candidate uses a newer policy version than this editor understands; it is never downgraded</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Opened Read-Only</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 uses a newer policy version than this editor supports. It opens read-only so that nothing is downgraded.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The sample could not be copied to %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>File Changed on Disk</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 was changed by another program since it was opened. Saving replaces those changes.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot Save</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Nothing was written; your edits are still here.

%1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save Dynamic Profile As</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>JSON documents (*.json)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Replace File</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Saved %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 was changed by another program. Reload it and lose your unsaved changes?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 was changed by another program. Reload it?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 changed on disk; saving will replace it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Delete Dynamic Profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Delete the dynamic profile %1?

The next save marks it deleted in %2, as kandev deletes a profile: its rows stay, kandev stops offering it, and sessions already routed through it keep their route. Until you save, Undo brings it back.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::DurationEdit</name>
    <message>
        <source>seconds</source>
        <extracomment>units of a duration input</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>minutes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>hours</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>days</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The unit of the number: pick the one you mean, and the number keeps its digits.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>= %1 s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1, unit</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::EditorArea</name>
    <message>
        <source>Candidate editor</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::FleetPane</name>
    <message>
        <source>Refresh Live Routes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Filter by name, id or provider</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Filter the fleet by name, id or provider</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Fleet summary</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Refresh live routes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Read the routes kandev is running now again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Dynamic profiles of the fleet</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Could not read the live routes (%1).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a document to see its dynamic profiles.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n with violations.</source>
        <translation>
            <numerusform>%n with violations.</numerusform>
            <numerusform>%n with violations.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n profile(s); %1</source>
        <translation>
            <numerusform>%n profile; %1</numerusform>
            <numerusform>%n profiles; %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Showing %1 of %n profile(s); %2</source>
        <translation>
            <numerusform>Showing %1 of %n profile; %2</numerusform>
            <numerusform>Showing %1 of %n profiles; %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::HouseRulesController</name>
    <message>
        <source>Choose a House Rules File</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>House rules (*.json);;All files (*)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::LiveRoutesPane</name>
    <message>
        <source>Refresh</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Live routes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Preview the rest of this route's cycle from its current state, if the same error repeats</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Live routes are shown for a kandev database.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Could not read the live routes (%1); shown as of the last read.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This kandev database keeps no route state (kandev before August 2026).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Credentials &lt;b&gt;%1&lt;/b&gt; paused until %2 (%3): every candidate using them is passed over.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; paused until %2 (%3): the route passes it over.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n route(s) running; %1 scheduled under another policy than the one you are editing.</source>
        <translation>
            <numerusform>%n route running; %1 scheduled under another policy than the one you are editing.</numerusform>
            <numerusform>%n routes running; %1 scheduled under another policy than the one you are editing.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running, read at %1.</source>
        <translation>
            <numerusform>%n route running, read at %1.</numerusform>
            <numerusform>%n routes running, read at %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a route to see what happens next and its history.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;b&gt;Session %1&lt;/b&gt; on %2, %3 (profile version %4)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;b&gt;Session %1&lt;/b&gt;, %2 (profile version %3)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Its policy state cannot be read, so nothing is predicted: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The policy it was scheduled under cannot be read: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Saving changes what its next failure is evaluated with; its scheduled deadline stays.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is no longer in the route you are editing.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>History: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Its row cannot be read, so nothing is predicted: %1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n earlier attempt(s)</source>
        <translation>
            <numerusform>%n earlier attempt</numerusform>
            <numerusform>%n earlier attempts</numerusform>
        </translation>
    </message>
    <message>
        <source>%1. %2 (%3), %4</source>
        <extracomment>%1: the route generation, %2: the candidate, %3: why kandev chose it (kandev's code), %4: when</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1. %2 (%3)</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::MainWindow</name>
    <message>
        <source>Policy Studio</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Opened</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Undo history</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a dynamic profile document to start.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Read-only: %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Opened %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A new dynamic profile: add its first candidate with Add Candidate (%1).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (read-only)</source>
        <extracomment>the window title of a document open read-only: "%1 (read-only)"</extracomment>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::MigrationFlow</name>
    <message>
        <source>Let %1 decide %2 of %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Migrate legacy rules</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Migrated %n candidate(s) to versioned policies; nothing is written until you save. View › Migration Report shows how.</source>
        <translation>
            <numerusform>Migrated %n candidate to versioned policies; nothing is written until you save. View › Migration Report shows how.</numerusform>
            <numerusform>Migrated %n candidates to versioned policies; nothing is written until you save. View › Migration Report shows how.</numerusform>
        </translation>
    </message>
    <message>
        <source>some legacy rules in this document cannot be migrated</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>its legacy rules were not migrated</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::MigrationReviewDialog</name>
    <message>
        <source>Review Migration — %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;b&gt;%1 uses legacy rules that cannot be migrated.&lt;/b&gt; It opens read-only; fix the rules marked below in the file, or in kandev, and open it again.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1 uses legacy rules.&lt;/b&gt; Before it can be edited, its %n candidate(s) are converted to versioned policies as shown. Nothing is written until you save.</source>
        <translation>
            <numerusform>&lt;b&gt;%1 uses legacy rules.&lt;/b&gt; Before it can be edited, its %n candidate is converted to versioned policies as shown. Nothing is written until you save.</numerusform>
            <numerusform>&lt;b&gt;%1 uses legacy rules.&lt;/b&gt; Before it can be edited, its %n candidates are converted to versioned policies as shown. Nothing is written until you save.</numerusform>
        </translation>
    </message>
    <message>
        <source>Migration report</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Migrate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open &amp;Read-Only</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>These routes cannot be read; their profiles are left untouched:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Or choose below which rule wins; that is an edit you can undo.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>How the legacy rules were migrated when the document was opened.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 — line %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;b&gt;%1 holds legacy rules.&lt;/b&gt; The profiles without problems can be migrated as shown; the profiles marked below cannot be until their rules are settled in kandev, and open read-only.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&lt;b&gt;%1 holds legacy rules that cannot be migrated.&lt;/b&gt; The profiles marked below open read-only until their rules are settled in kandev; the other profiles can be edited.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Open</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::OpenDatabaseDialog</name>
    <message>
        <source>&amp;SQLite file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;PostgreSQL server</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>kandev's &amp;environment (KANDEV_DATABASE_*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open kandev Database</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The database opens read-only; nothing is written until you save or apply a migration.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>SQLite file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;User:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>kandev SQLite Database</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Choose a SQLite file.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::ProblemCountButton</name>
    <message>
        <source>Show the problems in Validation</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n problem</numerusform>
            <numerusform>%n problems</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::ProfileSettingsBox</name>
    <message>
        <source>Profile name</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Required</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Offered for new tasks and agents.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Not offered for new tasks or agents; sessions already routed through it keep running.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile enabled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile name:</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::ReviewChangesDialog</name>
    <message>
        <source>Review Changes — %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Nothing to save: the document is as it was read.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>These changes cannot be saved yet: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Saving writes these changes to %1 (against what was read or last saved):</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Changes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Save Changes — %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::RouteItemDelegate</name>
    <message>
        <source>%1. %2</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::RoutePane</name>
    <message>
        <source>Filter profiles and candidates</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Dynamic profiles</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::ScenarioEditorDialog</name>
    <message>
        <source>Custom Scenario</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The n-th attempt of the route cycle meets the n-th failure:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reset hint after (s)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Before any output</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Failures</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Add Failure</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Remove Failure</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the last failure repeats</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the next attempt succeeds</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Error of failure %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reset hint of failure %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Failure %1 came before any output</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Custom scenario</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A&amp;fter the last failure:</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::StartPage</name>
    <message>
        <source>Recent files</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Policy Studio</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Edit how kandev's dynamic profiles recover from provider errors: open a profile document, kandev's own database, or the sample to look around.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>kandev's own SQLite database on this machine</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open File…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open kandev Database…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open the Sample</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>New Dynamic Profile</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::SwitchingExplanation</name>
    <message>
        <source>When kandev switches candidates</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::TimelineLegend</name>
    <message>
        <source>Legend</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::TimelinePanel</name>
    <message>
        <source>Custom scenario</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Logarithmic time</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Scenario</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Timeline events</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export Timeline</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>SVG image (*.svg);;PNG image (*.png)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot Export</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The timeline could not be written to %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Edit &amp;Custom…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Picture</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Route warnings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>timeline</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Warnings (%1)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Timeline views</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Draw the route as it was read or last saved, dashed, under the edited one</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compare with saved</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::TimelineView</name>
    <message>
        <source>Retry timeline</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open a dynamic profile to preview its retry timeline.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1. %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source> (off)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>reset wait %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>stop: action required</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>success</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>configuration error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>… (event limit)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>+%1 · %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>attempt</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>retry wait</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>reset wait</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>skip</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>stop</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none left</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>invalid</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 — %2 — %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Why: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>paused by kandev (circuit open)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>paused</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A dot is an attempt. A plain bar is the wait before a retry of the same candidate; a hatched bar is a wait for the provider's reset. An arrow skips to the next candidate. The cycle ends in a diamond (success), a square (stop: a person must act), a triangle (no eligible candidate left) or a cross (a candidate with invalid policies). A pause sign marks a candidate kandev passes over because its circuit is open (live routes only).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (removed)</source>
        <extracomment>a lane of the timeline for a candidate only the saved route has</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>While the profile is edited, the route as saved runs under it in each lane, in small outlined and dashed shapes (Compare with saved).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>saved, before the edit</source>
        <extracomment>the legend's entry for the saved route, drawn dashed under the edited one</extracomment>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::TryErrorPanel</name>
    <message>
        <source>The failure came &amp;before any output or tool activity</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Raw error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent that printed the error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The kandev agent that printed the error: its own wording is read before provider-neutral wording.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Not known</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (before the agent runs)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (agent running)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Phase of the failure</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>When the error happened. An error no rule knows is unknown_provider_error before the agent runs and agent_runtime_error after it; both stop.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A&amp;gent:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Phase:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Paste an error: the response (an optional "HTTP/1.1 429" line, headers, a blank line, the body), or an agent's stderr (an optional "exit code: 127" line first). What you paste is read as the error's own words, as if it had failed with an error status.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>gui::ValidationPane</name>
    <message>
        <source>Validation problems</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No problems: this profile can be saved.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n problem(s) must be fixed before saving. Activate one to go to its field.</source>
        <translation>
            <numerusform>%n problem must be fixed before saving. Activate one to go to its field.</numerusform>
            <numerusform>%n problems must be fixed before saving. Activate one to go to its field.</numerusform>
        </translation>
    </message>
    <message>
        <source>Read-only: %1. Nothing can be saved.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>Read-only: %1. %n problem(s):</source>
        <translation>
            <numerusform>Read-only: %1. %n problem:</numerusform>
            <numerusform>Read-only: %1. %n problems:</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is open.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>No problems: this profile can be saved. %n warning(s) about what kandev may refuse.</source>
        <translation>
            <numerusform>No problems: this profile can be saved. %n warning about what kandev may refuse.</numerusform>
            <numerusform>No problems: this profile can be saved. %n warnings about what kandev may refuse.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n house rule(s) broken; the rules file lets you save anyway.</source>
        <translation>
            <numerusform>%n house rule broken; the rules file lets you save anyway.</numerusform>
            <numerusform>%n house rules broken; the rules file lets you save anyway.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::WhatHappensPanel</name>
    <message>
        <source>The provider reports a reset in</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>before any output or tool activity</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the reset wait was already used</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 — unclassified</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reset in</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The failure came:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Decision:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Select a candidate.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Error:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Retries already made:</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>model::CandidateListModel</name>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n problem</numerusform>
            <numerusform>%n problems</numerusform>
        </translation>
    </message>
    <message>
        <source>Stale: profile not found</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stale: profile deleted</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ineligible: profile disabled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ineligible: auto fallback</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ineligible: dynamic profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ineligible: references itself</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profile: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Enabled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Disabled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Legacy rules</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Position %1 in the route</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Policies</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ineligible: named twice</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ineligible: profile has no agent</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ineligible: Office profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Warning: agent may not be launchable</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>House rule(s): %1</source>
        <extracomment>%1: the ids of the house rules a candidate breaks</extracomment>
        <translation>
            <numerusform>House rule: %1</numerusform>
            <numerusform>House rules: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::Commands</name>
    <message>
        <source>Enable %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Disable %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Move %1 up to position %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Move %1 down to position %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Add %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Remove %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rename the profile to "%1"</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Enable the profile %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Disable the profile %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>New dynamic profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Delete the profile %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>model::EditorDocument</name>
    <message>
        <source>Untitled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is open read-only: %2</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>The document has %n problem(s); fix them before saving.</source>
        <translation>
            <numerusform>The document has %n problem; fix them before saving.</numerusform>
            <numerusform>The document has %n problems; fix them before saving.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 holds no dynamic profile to edit.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile %1 is read-only: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The document as it would be written does not pass validation, so it is not written:
%1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile %1 as it would be written does not pass validation, so nothing is written:
%2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a row of this profile holds a value that cannot be read</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a route of this profile has a policy version newer than this build; saving could lose what it means</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>its legacy rules cannot be migrated (%1); settle them in kandev and open the database again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Nothing was saved: %1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>The house rules forbid saving while %n of them are broken (the rules file says they block).</source>
        <translation>
            <numerusform>The house rules forbid saving while %n of them are broken (the rules file says they block).</numerusform>
            <numerusform>The house rules forbid saving while %n of them are broken (the rules file says they block).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::FleetModel</name>
    <message>
        <source>stops at once</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none left</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1, then stop</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1, then none left</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>enabled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>disabled</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%1 of %n enabled</source>
        <translation>
            <numerusform>%1 of %n enabled</numerusform>
            <numerusform>%1 of %n enabled</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message>
        <source>Profile id: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The longest a route cycle can hold a task for %1 before it stops for a person or no candidate is left.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Attempts in the worst-case cycle: %1 for transient errors, %2 for hard errors.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Some enabled candidate names a profile whose agent the document does not say.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Rules broken: %1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n excepted by the rules file.</source>
        <translation>
            <numerusform>%n excepted by the rules file.</numerusform>
            <numerusform>%n excepted by the rules file.</numerusform>
        </translation>
    </message>
    <message>
        <source>kandev's limits</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>kandev's candidate rules</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Candidates</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Hold, transient</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Hold, hard</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Providers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Live routes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Violations</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%1 (%n time(s))</source>
        <translation>
            <numerusform>%1 (%n time)</numerusform><numerusform>%1 (%n times)</numerusform></translation>
    </message>
</context>
<context>
    <name>model::HouseRules</name>
    <message>
        <source>House rules: none</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>House rules: %1 cannot be used</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>House rules: %1 (chosen in the settings)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>House rules: %1 (found beside the document)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>House rules: %1 (found beside the database)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No rules file is chosen in the settings, and there is no %1 in the document's folder or a parent: only kandev's own rules are checked.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%1:%2:%3: %4 (%n problem(s) in all; policyctl lint --rules lists them)</source>
        <translation>
            <numerusform>%1:%2:%3: %4 (%n problem in all; policyctl lint --rules lists them)</numerusform>
            <numerusform>%1:%2:%3: %4 (%n problems in all; policyctl lint --rules lists them)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::LiveRoutesModel</name>
    <message>
        <source>Selecting</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profile %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Starting</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Waiting (no candidate)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Retrying</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Retry wait</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Waiting for reset</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Action required</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unknown: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>due</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>wait up to %1 for a reset</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n retries from %1</source>
        <translation>
            <numerusform>%n retry from %1</numerusform>
            <numerusform>%n retries from %1</numerusform>
        </translation>
    </message>
    <message>
        <source>no wait, no retry</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>, then </source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>skip, but no candidate is left (the route waits)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>skip to %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>stop for a person</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>If the same error repeats at the deadline: retry %1 of %2 in %3, then %4.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>If the same error repeats at the deadline: wait %1 for the provider's reset, then %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>If the same error repeats at the deadline: %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>If the same error repeats at the deadline: stop for a person (the error is not classified).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>If the same error repeats at the deadline: stop for a person.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1: scheduled under %2; you are editing %3.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>differs</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>same</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>policy_state_json cannot be read: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The policy it was scheduled under cannot be read: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Session</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Failure</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Retry</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Deadline</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Left</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Policy</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>What the route does when its waits and retries are used up (the pending outcome it was scheduled with)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Then</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Deadline %1, due now.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Deadline %1, in %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The classes whose wait for a provider reset this route cycle has used</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reset waits</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This route's row cannot be read: %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>model::ProfileListModel</name>
    <message numerus="yes">
        <source>%1 — %n candidate(s)</source>
        <translation>
            <numerusform>%1 — %n candidate</numerusform>
            <numerusform>%1 — %n candidates</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 [disabled]</source>
        <extracomment>A dynamic profile switched off (agent_profiles.enabled), as the Route dock lists it.</extracomment>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>model::TimelineEventModel</name>
    <message>
        <source>Time</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Decision</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>model::TimelinePreview</name>
    <message>
        <source>Attempt %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Retry %1 after %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Reset wait %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Skip to the next candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop: action required</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Success</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No eligible candidate left</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Configuration error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Simulation stopped at its event limit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>%1: what the error is ("model at capacity"), %2: its class ("transient errors")</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 · safety gate: unclassified or after side effects</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>success</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>stop for manual recovery</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>a configuration error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>the event limit</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n attempt(s) in %1, ending in %2.</source>
        <translation>
            <numerusform>%n attempt in %1, ending in %2.</numerusform>
            <numerusform>%n attempts in %1, ending in %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, then stop on %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1, then no eligible candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Worst case from the first failure: transient errors %1; hard errors %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is disabled and never tried.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is invalid and stops every cycle that reaches it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is never reached for %2: an earlier candidate stops.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Every candidate skips %1: the route ends with no eligible candidate.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 retries hard errors without a reset wait; quota and credential errors rarely clear that fast.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No candidate is enabled.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>The simulation stopped after %n event(s).</source>
        <translation>
            <numerusform>The simulation stopped after %n event.</numerusform>
            <numerusform>The simulation stopped after %n events.</numerusform>
        </translation>
    </message>
    <message>
        <source>Retry timeline for the scenario %1. %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 references a profile it may not use; kandev will not run it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 · retry ordinal %2 · until +%3 · then %4</source>
        <extracomment>%3: the deadline as an offset from the first failure</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 · trusted reset at +%2 · then %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Retry %1 of %2: the first retry after %3, doubled for each retry after it.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>All %n retry(s) are used.</source>
        <translation>
            <numerusform>The %n retry is used.</numerusform>
            <numerusform>All %n retries are used.</numerusform>
        </translation>
    </message>
    <message>
        <source>Attempt %1 succeeds in this scenario.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Every later candidate is disabled or was skipped: no candidate is left to try.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This candidate's policies are not valid (%1), so the cycle stops here.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The scenario never ends; the preview stops at its event limit.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The provider reports a trusted reset in %1, within this candidate's %2 maximum wait for %3, so it waits and tries once more.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Retrying is off for %1 on this candidate.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Once recovery is exhausted, %1 on this candidate skip to the next candidate.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Once recovery is exhausted, %1 on this candidate stop for manual recovery.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Passed over: circuit open for %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 · %2 · until %3</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>kandev paused %1 after %2 until %3; a candidate whose circuit is open is passed over without an attempt.</source>
        <extracomment>%1: a resource key such as profile:claude-sonnet, %2: a failure code, %3: a time</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Compared with the saved policy: %1.</source>
        <extracomment>%1: what the edit does to the route ("+1 attempt, 40 s longer"); the saved route is drawn dashed</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>This candidate's configuration cannot be simulated.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>model::ValidationModel</name>
    <message>
        <source>Problem</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished" />
    </message>
</context>
</TS>