<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_PT">
<context>
    <name>ChangeReview</name>
    <message>
        <source>Written to the database, all in one transaction:</source>
        <translation>Escrito na base de dados, tudo numa única transação:</translation>
    </message>
    <message>
        <source>route (%1): %2</source>
        <extracomment>%1: the scenario the Timeline shows, %2: what the edit does to the route in it</extracomment>
        <translation>rota (%1): %2</translation>
    </message>
</context>
<context>
    <name>DatabaseWrites</name>
    <message>
        <source>profile %1</source>
        <translation>perfil %1</translation>
    </message>
    <message>
        <source>profile %1 (%2)</source>
        <translation>perfil %1 (%2)</translation>
    </message>
    <message>
        <source>version %1 becomes %2</source>
        <translation>a versão %1 passa a %2</translation>
    </message>
    <message>
        <source>written as a new profile</source>
        <translation>escrito como um novo perfil</translation>
    </message>
    <message>
        <source>this kandev keeps no route state</source>
        <translation>este kandev não guarda o estado das rotas</translation>
    </message>
    <message>
        <source>the routes running now could not be read (%1)</source>
        <translation>não foi possível ler as rotas em execução (%1)</translation>
    </message>
    <message>
        <source>no route is running under it</source>
        <translation>nenhuma rota está em execução com este perfil</translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running, none waiting for a deadline: each meets the new policy at its next failure</source>
        <translation>
            <numerusform>%n rota em execução, sem nenhum prazo pendente: aplica a nova política na próxima falha</numerusform>
            <numerusform>%n rotas em execução, nenhuma à espera de um prazo: cada uma aplica a nova política na próxima falha</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running</source>
        <translation>
            <numerusform>%n rota em execução</numerusform>
            <numerusform>%n rotas em execução</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting under the old policy: their scheduled deadlines stay, their next failure uses the new one</source>
        <translation>
            <numerusform>%n à espera segundo a política antiga: o prazo agendado mantém-se, a próxima falha usa a nova</numerusform>
            <numerusform>%n à espera segundo a política antiga: os prazos agendados mantêm-se, a próxima falha de cada uma usa a nova</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2; %3.</source>
        <translation>%1: %2; %3.</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>clauses</comment>
        <extracomment>two clauses of one sentence: &quot;3 routes running, 1 waiting under the old policy: ...&quot;</extracomment>
        <translation>%1, %2</translation>
    </message>
</context>
<context>
    <name>DiffText</name>
    <message>
        <source>no differences</source>
        <translation>sem diferenças</translation>
    </message>
    <message>
        <source>(document)</source>
        <translation>(documento)</translation>
    </message>
    <message>
        <source>profile %1 added:</source>
        <translation>perfil %1 adicionado:</translation>
    </message>
    <message>
        <source>profile %1 (%2) added:</source>
        <translation>perfil %1 (%2) adicionado:</translation>
    </message>
    <message>
        <source>profile %1 removed:</source>
        <translation>perfil %1 removido:</translation>
    </message>
    <message>
        <source>profile %1 (%2) removed:</source>
        <translation>perfil %1 (%2) removido:</translation>
    </message>
    <message>
        <source>profile %1:</source>
        <translation>perfil %1:</translation>
    </message>
    <message>
        <source>profile %1 (%2):</source>
        <translation>perfil %1 (%2):</translation>
    </message>
    <message>
        <source>name &quot;%1&quot; -&gt; &quot;%2&quot;</source>
        <translation>nome &quot;%1&quot; -&gt; &quot;%2&quot;</translation>
    </message>
    <message>
        <source>profile enabled (was disabled)</source>
        <translation>perfil ativado (estava desativado)</translation>
    </message>
    <message>
        <source>profile disabled (was enabled): kandev no longer offers it for new tasks</source>
        <translation>perfil desativado (estava ativado): o kandev deixa de o oferecer para novas tarefas</translation>
    </message>
    <message>
        <source>candidate %1 added at %2</source>
        <translation>candidato %1 adicionado na posição %2</translation>
    </message>
    <message>
        <source>candidate %1 removed from %2</source>
        <translation>candidato %1 removido da posição %2</translation>
    </message>
    <message>
        <source>candidate %1 moved from %2 to %3</source>
        <translation>candidato %1 movido da posição %2 para a %3</translation>
    </message>
    <message>
        <source>candidate %1</source>
        <translation>candidato %1</translation>
    </message>
    <message>
        <source>cannot compare: %1</source>
        <translation>não é possível comparar: %1</translation>
    </message>
    <message>
        <source>true</source>
        <comment>a switch&apos;s value: on</comment>
        <translation>ativado</translation>
    </message>
    <message>
        <source>false</source>
        <comment>a switch&apos;s value: off</comment>
        <translation>desativado</translation>
    </message>
</context>
<context>
    <name>ErrorTrial</name>
    <message>
        <source>Paste an error to see how it is classified.</source>
        <translation>Cole um erro para ver como é classificado.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br/&gt;%3 · rule &lt;code&gt;%4&lt;/code&gt; · %5 · confidence %6 · scope %7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br/&gt;%3 · regra &lt;code&gt;%4&lt;/code&gt; · %5 · confiança %6 · âmbito %7</translation>
    </message>
    <message>
        <source>kandev&apos;s own rules say &lt;code&gt;%1&lt;/code&gt; here; this catalogue differs on purpose (see the README).</source>
        <translation>As regras do próprio kandev indicam &lt;code&gt;%1&lt;/code&gt; aqui; este catálogo difere propositadamente (consulte o README).</translation>
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation>“%1” (%2)</translation>
    </message>
    <message>
        <source>Reset hint from %1: in %2 (trusted)</source>
        <translation>Indicação de reposição de %1: daqui a %2 (fiável)</translation>
    </message>
    <message>
        <source>Reset hint from %1: not trusted (%2)</source>
        <translation>Indicação de reposição de %1: não fiável (%2)</translation>
    </message>
    <message>
        <source>No reset hint.</source>
        <translation>Sem indicação de reposição.</translation>
    </message>
    <message>
        <source>Only the first 16 KiB and 64 headers were read.</source>
        <translation>Só foram lidos os primeiros 16 KiB e 64 cabeçalhos.</translation>
    </message>
    <message>
        <source>Select a candidate to see its decision.</source>
        <translation>Selecione um candidato para ver a sua decisão.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The pasted error, every attempt</source>
        <translation>O erro colado, em todas as tentativas</translation>
    </message>
</context>
<context>
    <name>FileText</name>
    <message>
        <source>a directory</source>
        <translation>um diretório</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>um FIFO (pipe com nome)</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>um dispositivo de caracteres</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>um dispositivo de blocos</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>um socket</translation>
    </message>
    <message>
        <source>a symbolic link</source>
        <translation>uma ligação simbólica</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>não é um ficheiro normal</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: o ficheiro não existe</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>%2: the operating system&apos;s reason, as it gave it</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: is %2, not a regular file; documents are read only from regular files</source>
        <translation>%1: é %2, não um ficheiro normal; os documentos só são lidos de ficheiros normais</translation>
    </message>
    <message>
        <source>%1: the file is %2; documents are limited to %3</source>
        <translation>%1: o ficheiro tem %2; os documentos estão limitados a %3</translation>
    </message>
    <message>
        <source>%1: no space left on the device that holds it; nothing was written</source>
        <translation>%1: não há espaço livre no dispositivo que o contém; nada foi escrito</translation>
    </message>
    <message>
        <source>%1: the disk quota is exhausted; nothing was written</source>
        <translation>%1: a quota de disco está esgotada; nada foi escrito</translation>
    </message>
    <message>
        <source>%1: permission denied; nothing was written</source>
        <translation>%1: permissão negada; nada foi escrito</translation>
    </message>
    <message>
        <source>%1: the file system is read-only; nothing was written</source>
        <translation>%1: o sistema de ficheiros é só de leitura; nada foi escrito</translation>
    </message>
    <message>
        <source>%1: %2; nothing was written</source>
        <translation>%1: %2; nada foi escrito</translation>
    </message>
</context>
<context>
    <name>KandevText</name>
    <message>
        <source>%1: backup failed, nothing was written: %2</source>
        <translation>%1: a cópia de segurança falhou, nada foi escrito: %2</translation>
    </message>
    <message>
        <source>%1: backup to %2 failed, nothing was written: %3</source>
        <translation>%1: a cópia de segurança para %2 falhou, nada foi escrito: %3</translation>
    </message>
    <message>
        <source>backup failed, nothing was written: %1</source>
        <translation>a cópia de segurança falhou, nada foi escrito: %1</translation>
    </message>
    <message>
        <source>%1: no such database file</source>
        <translation>%1: o ficheiro de base de dados não existe</translation>
    </message>
    <message>
        <source>not a PostgreSQL URL (postgres://user:password@host:port/database)</source>
        <translation>não é um URL do PostgreSQL (postgres://utilizador:palavra-passe@anfitrião:porta/base de dados)</translation>
    </message>
    <message>
        <source>no database given</source>
        <translation>nenhuma base de dados indicada</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_PATH is not set</source>
        <translation>KANDEV_DATABASE_PATH não está definida</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_DRIVER must be sqlite or postgres, not &apos;%1&apos;</source>
        <translation>KANDEV_DATABASE_DRIVER tem de ser sqlite ou postgres, não «%1»</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_PORT must be a port number from 1 to 65535, not &apos;%1&apos;</source>
        <translation>KANDEV_DATABASE_PORT tem de ser um número de porta de 1 a 65535, não «%1»</translation>
    </message>
    <message>
        <source>%1 (reading the live routes)</source>
        <translation>%1 (ao ler as rotas em execução)</translation>
    </message>
    <message>
        <source>%1 is not a kandev database: it has no %2 table (kandev&apos;s are agents, agent_profiles, dynamic_agent_profiles and dynamic_agent_routes)</source>
        <translation>%1 não é uma base de dados do kandev: não tem a tabela %2 (as do kandev são agents, agent_profiles, dynamic_agent_profiles e dynamic_agent_routes)</translation>
    </message>
    <message>
        <source>%1: %2 (did kandev&apos;s tables change since they were read?); nothing was written</source>
        <translation>%1: %2 (as tabelas do kandev mudaram desde a leitura?); nada foi escrito</translation>
    </message>
    <message>
        <source>%1: %2; nothing was written</source>
        <translation>%1: %2; nada foi escrito</translation>
    </message>
    <message>
        <source>profile &quot;%1&quot;: its agent profile row was changed or deleted in the database since it was read; nothing was written, reload and review again</source>
        <translation>perfil «%1»: a linha do perfil de agente foi alterada ou eliminada na base de dados desde a leitura; nada foi escrito, recarregue e reveja novamente</translation>
    </message>
    <message>
        <source>%1 has no agent named &quot;%2&quot; (kandev&apos;s built-in dynamic agent, which kandev adds when dynamic routing is on); nothing was written</source>
        <translation>%1 não tem nenhum agente chamado «%2» (o agente dinâmico incorporado do kandev, que o kandev adiciona quando o encaminhamento dinâmico está ativo); nada foi escrito</translation>
    </message>
    <message>
        <source>profile &quot;%1&quot;: its routes were changed in the database since it was read (without a version change); nothing was written, reload and review again</source>
        <translation>perfil «%1»: as suas rotas foram alteradas na base de dados desde a leitura (sem mudança de versão); nada foi escrito, recarregue e reveja novamente</translation>
    </message>
    <message>
        <source>%1 is not the database that was read (%2); nothing was written, open it again</source>
        <translation>%1 não é a base de dados que foi lida (%2); nada foi escrito, abra-a novamente</translation>
    </message>
    <message>
        <source>the file at that path was replaced</source>
        <translation>o ficheiro nesse caminho foi substituído</translation>
    </message>
    <message>
        <source>another server or database answers there</source>
        <translation>responde aí outro servidor ou outra base de dados</translation>
    </message>
    <message>
        <source>profile &quot;%1&quot; was changed in the database since it was read (version %2 expected); nothing was written, reload and review again</source>
        <translation>o perfil «%1» foi alterado na base de dados desde a leitura (esperava-se a versão %2); nada foi escrito, recarregue e reveja novamente</translation>
    </message>
    <message>
        <source>%1 is locked: another connection is writing to it (%2); nothing was read, try again when it is done</source>
        <translation>%1 está bloqueada: outra ligação está a escrever nela (%2); nada foi lido, tente novamente quando terminar</translation>
    </message>
</context>
<context>
    <name>MigrationReview</name>
    <message>
        <source>Dynamic profile</source>
        <translation>Perfil dinâmico</translation>
    </message>
    <message>
        <source>Profile %1</source>
        <translation>Perfil %1</translation>
    </message>
    <message>
        <source>kandev&apos;s Go backend applies rules in sorted key order and would use &lt;code&gt;%1&lt;/code&gt; for %2 (%3). Policy Studio follows the documented rule: &lt;code&gt;%4&lt;/code&gt; wins (%5).</source>
        <translation>A implementação em Go do kandev aplica as regras por ordem alfabética das chaves e usaria &lt;code&gt;%1&lt;/code&gt; para os %2 (%3). O Policy Studio segue a regra documentada: prevalece &lt;code&gt;%4&lt;/code&gt; (%5).</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>ativado</translation>
    </message>
    <message>
        <source>disabled: the route skips it</source>
        <translation>desativado: a rota ignora-o</translation>
    </message>
    <message>
        <source>Legacy rules</source>
        <translation>Regras antigas</translation>
    </message>
    <message>
        <source>Becomes</source>
        <translation>Passa a</translation>
    </message>
    <message>
        <source>&lt;i&gt;No rules and no policies.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Sem regras e sem políticas.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;Cannot be migrated.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Não é possível migrar.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>try the next candidate</source>
        <translation>tentar o próximo candidato</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>parar</translation>
    </message>
    <message>
        <source>retry the same candidate</source>
        <translation>repetir o mesmo candidato</translation>
    </message>
    <message>
        <source>Gets the default: no wait, no retry, skip, for both classes.</source>
        <translation>Fica com o valor pré-definido: sem espera, sem repetição, ignorar, para ambas as classes.</translation>
    </message>
    <message>
        <source>Written &lt;code&gt;&quot;%1&quot;&lt;/code&gt; → &lt;code&gt;&quot;%2&quot;&lt;/code&gt;; read, as kandev reads it, with the white space around it trimmed.</source>
        <translation>Escrito &lt;code&gt;&quot;%1&quot;&lt;/code&gt; → &lt;code&gt;&quot;%2&quot;&lt;/code&gt;; lido, como o kandev o lê, sem os espaços em branco à volta.</translation>
    </message>
    <message>
        <source>The per-code rule &lt;code&gt;%1&lt;/code&gt; wins over it for its class.</source>
        <translation>A regra por código &lt;code&gt;%1&lt;/code&gt; prevalece sobre esta na sua classe.</translation>
    </message>
    <message>
        <source>&lt;code&gt;%1&lt;/code&gt; becomes %2 — kandev&apos;s documented mapping.</source>
        <translation>&lt;code&gt;%1&lt;/code&gt; passa a %2 — o mapeamento documentado do kandev.</translation>
    </message>
    <message>
        <source>No rule covers %1; they get the default (no wait, no retry, skip).</source>
        <translation>Nenhuma regra abrange os %1; ficam com o valor pré-definido (sem espera, sem repetição, ignorar).</translation>
    </message>
    <message>
        <source>In profile %1, candidate %2. %3: settle its rules in kandev.</source>
        <translation>No perfil %1, candidato %2. %3: resolva as regras no kandev.</translation>
    </message>
    <message>
        <source>Field: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>Campo: &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>show line %1 of the file</source>
        <translation>mostrar a linha %1 do ficheiro</translation>
    </message>
    <message>
        <source>Choose the rule that decides %1 (the others are removed; Undo brings them back):</source>
        <translation>Escolha a regra que decide os %1 (as outras são removidas; Anular volta a trazê-las):</translation>
    </message>
    <message>
        <source>transient and hard errors</source>
        <translation>erros transitórios e permanentes</translation>
    </message>
    <message>
        <source>&lt;code&gt;%1&lt;/code&gt; covers %2 and means: %3.</source>
        <translation>&lt;code&gt;%1&lt;/code&gt; abrange %2 e significa: %3.</translation>
    </message>
</context>
<context>
    <name>PolicyText</name>
    <message>
        <source>0 s</source>
        <translation>0 s</translation>
    </message>
    <message>
        <source>%1 d</source>
        <extracomment>duration parts: days, hours, minutes, seconds</extracomment>
        <translation>%1 d</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>skip</source>
        <translation>ignorar</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>parar</translation>
    </message>
    <message>
        <source>no outcome</source>
        <translation>sem resultado</translation>
    </message>
    <message>
        <source>wait up to %1</source>
        <translation>aguardar até %1</translation>
    </message>
    <message numerus="yes">
        <source>%n retries from %1</source>
        <translation>
            <numerusform>%n repetição a partir de %1</numerusform>
            <numerusform>%n repetições a partir de %1</numerusform>
        </translation>
    </message>
    <message>
        <source>stop immediately</source>
        <translation>parar imediatamente</translation>
    </message>
    <message>
        <source>skip immediately</source>
        <translation>ignorar imediatamente</translation>
    </message>
    <message>
        <source>no outcome set</source>
        <translation>sem resultado definido</translation>
    </message>
    <message>
        <source>%1, then %2</source>
        <extracomment>%1: what is tried, %2: skip or stop</extracomment>
        <translation>%1, depois %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Transient: %1 · Hard: %2</source>
        <translation>Transitórios: %1 · Permanentes: %2</translation>
    </message>
    <message>
        <source>No retries: the first failure goes straight to the outcome.</source>
        <translation>Sem repetições: a primeira falha passa diretamente ao resultado.</translation>
    </message>
    <message>
        <source>No schedule until the retry values above are within their limits.</source>
        <translation>Sem calendário até os valores de repetição acima estarem dentro dos limites.</translation>
    </message>
    <message>
        <source>Retries after %1, then %2.</source>
        <translation>Repetições após %1, depois %2.</translation>
    </message>
    <message numerus="yes">
        <source>%n retries: %1 attempts in all, up to %2 of waiting.</source>
        <translation>
            <numerusform>%n repetição: %1 tentativas no total, até %2 de espera.</numerusform>
            <numerusform>%n repetições: %1 tentativas no total, até %2 de espera.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delays stop growing at the %1 cap.</source>
        <translation>Os intervalos deixam de crescer no limite de %1.</translation>
    </message>
    <message>
        <source>Transient errors</source>
        <translation>Erros transitórios</translation>
    </message>
    <message>
        <source>Hard errors</source>
        <translation>Erros permanentes</translation>
    </message>
    <message>
        <source>Unclassified errors</source>
        <translation>Erros não classificados</translation>
    </message>
    <message>
        <source>transient errors</source>
        <extracomment>the class inside a sentence (&quot;retries for transient errors of X&quot;); German keeps the noun&apos;s capital</extracomment>
        <translation>erros transitórios</translation>
    </message>
    <message>
        <source>hard errors</source>
        <translation>erros permanentes</translation>
    </message>
    <message>
        <source>unclassified errors</source>
        <translation>erros não classificados</translation>
    </message>
    <message>
        <source>The provider, the network or the model is briefly unable to serve. These usually clear on their own within seconds or minutes.</source>
        <translation>O fornecedor, a rede ou o modelo fica brevemente incapaz de responder. Normalmente estes erros resolvem-se sozinhos em segundos ou minutos.</translation>
    </message>
    <message>
        <source>The account, subscription, quota, credentials, configuration or model needs a long reset or a person. Retrying soon rarely helps; a trusted reset time can.</source>
        <translation>A conta, a subscrição, a quota, as credenciais, a configuração ou o modelo precisam de uma reposição longa ou de uma pessoa. Repetir pouco depois raramente ajuda; uma hora de reposição fiável pode ajudar.</translation>
    </message>
    <message>
        <source>Anything the catalogue does not know. It always stops automatic recovery.</source>
        <translation>Tudo o que o catálogo não conhece. Interrompe sempre a recuperação automática.</translation>
    </message>
    <message>
        <source>For example: %1.</source>
        <translation>Por exemplo: %1.</translation>
    </message>
    <message>
        <source>; </source>
        <translation>; </translation>
    </message>
    <message>
        <source>Never in either class: unknown (unclassified) errors, task, repository, permission or tool errors, and any error after the agent produced output or used a tool. Those always stop for a person, so that no work runs twice.</source>
        <translation>Nunca em nenhuma das classes: erros desconhecidos (não classificados), erros de tarefa, repositório, permissões ou ferramentas, e qualquer erro depois de o agente produzir saída ou usar uma ferramenta. Estes param sempre até uma pessoa intervir, para que nenhum trabalho seja executado duas vezes.</translation>
    </message>
    <message>
        <source>A route moves to the next candidate only after a classified provider error, and only when that candidate&apos;s policy for the class says skip once its retries are used up: transient errors (rate limits, overload, capacity, network, provider outages) and hard errors (quota, subscription, credentials, configuration, unavailable models).</source>
        <translation>Uma rota só passa ao próximo candidato depois de um erro classificado do fornecedor, e apenas quando a política desse candidato para a classe indica ignorar depois de esgotadas as repetições: erros transitórios (limites de taxa, sobrecarga, capacidade, rede, indisponibilidade do fornecedor) e erros permanentes (quota, subscrição, credenciais, configuração, modelos indisponíveis).</translation>
    </message>
    <message>
        <source>It never switches for an unclassified error (unknown, task, repository, permission or tool errors) nor for any error after the agent produced output or used a tool: those stop for a person, so that no work runs twice.</source>
        <translation>Nunca muda por causa de um erro não classificado (erros desconhecidos, de tarefa, repositório, permissões ou ferramentas) nem por qualquer erro depois de o agente produzir saída ou usar uma ferramenta: estes param até uma pessoa intervir, para que nenhum trabalho seja executado duas vezes.</translation>
    </message>
    <message>
        <source>After a provider fails, kandev pauses it for one minute, or until the reset time it reported, and then lets a single health probe through before any route uses it again.</source>
        <translation>Depois de um fornecedor falhar, o kandev coloca-o em pausa durante um minuto, ou até à hora de reposição que indicou, e depois deixa passar uma única verificação de saúde antes de qualquer rota o voltar a usar.</translation>
    </message>
    <message>
        <source>Waiting for a reset happens at most once per candidate and class in a route cycle, only for a trusted reset time within the maximum wait, and it does not use up a retry: after the wait, kandev tries the candidate once more before its retries apply.</source>
        <translation>A espera pela reposição acontece no máximo uma vez por candidato e classe num ciclo da rota, apenas para uma hora de reposição fiável dentro da espera máxima, e não gasta uma repetição: depois da espera, o kandev tenta o candidato mais uma vez antes de se aplicarem as repetições.</translation>
    </message>
    <message>
        <source>network unavailable</source>
        <translation>rede indisponível</translation>
    </message>
    <message>
        <source>provider unavailable</source>
        <translation>fornecedor indisponível</translation>
    </message>
    <message>
        <source>provider overloaded</source>
        <translation>fornecedor sobrecarregado</translation>
    </message>
    <message>
        <source>model at capacity</source>
        <translation>modelo sem capacidade disponível</translation>
    </message>
    <message>
        <source>short rate limit</source>
        <translation>limite de taxa curto</translation>
    </message>
    <message>
        <source>agent connection lost</source>
        <translation>ligação ao agente perdida</translation>
    </message>
    <message>
        <source>sign-in required</source>
        <translation>início de sessão necessário</translation>
    </message>
    <message>
        <source>missing API key</source>
        <translation>chave de API em falta</translation>
    </message>
    <message>
        <source>subscription or billing required</source>
        <translation>subscrição ou faturação necessária</translation>
    </message>
    <message>
        <source>quota or spend limit reached</source>
        <translation>quota ou limite de gastos atingido</translation>
    </message>
    <message>
        <source>model not available</source>
        <translation>modelo não disponível</translation>
    </message>
    <message>
        <source>provider not configured</source>
        <translation>fornecedor não configurado</translation>
    </message>
    <message>
        <source>unknown provider error</source>
        <translation>erro desconhecido do fornecedor</translation>
    </message>
    <message>
        <source>agent runtime error</source>
        <translation>erro de execução do agente</translation>
    </message>
    <message>
        <source>task error</source>
        <translation>erro da tarefa</translation>
    </message>
    <message>
        <source>repository error</source>
        <translation>erro do repositório</translation>
    </message>
    <message>
        <source>permission denied by the user</source>
        <translation>permissão recusada pelo utilizador</translation>
    </message>
    <message>
        <source>corrupted resume state</source>
        <translation>estado de retoma corrompido</translation>
    </message>
    <message>
        <source>corrupted npx cache</source>
        <translation>cache do npx corrompida</translation>
    </message>
    <message>
        <source>agent package version not found by npm</source>
        <translation>versão do pacote do agente não encontrada pelo npm</translation>
    </message>
    <message>
        <source>Must be between %1 and %2 (found %3).</source>
        <translation>Tem de estar entre %1 e %2 (encontrado: %3).</translation>
    </message>
    <message>
        <source>Must be 0 while this section is off (found %1).</source>
        <translation>Tem de ser 0 enquanto esta secção estiver desativada (encontrado: %1).</translation>
    </message>
    <message>
        <source>Choose what happens when recovery is exhausted.</source>
        <translation>Escolha o que acontece quando a recuperação se esgota.</translation>
    </message>
    <message>
        <source>Unsupported policy version %1; this editor supports %2.</source>
        <translation>Versão de política %1 não suportada; este editor suporta a %2.</translation>
    </message>
    <message>
        <source>A dynamic profile needs at least one candidate.</source>
        <translation>Um perfil dinâmico precisa de pelo menos um candidato.</translation>
    </message>
    <message>
        <source>Candidate %1 carries position %2; positions are renumbered on save.</source>
        <translation>O candidato %1 tem a posição %2; as posições são renumeradas ao guardar.</translation>
    </message>
    <message>
        <source>The candidate does not name an agent profile.</source>
        <translation>O candidato não indica um perfil de agente.</translation>
    </message>
    <message>
        <source>The candidate has both policies and legacy rules.</source>
        <translation>O candidato tem políticas e regras antigas em simultâneo.</translation>
    </message>
    <message>
        <source>Candidate %1 already names this agent profile; kandev refuses a route that names a profile twice.</source>
        <translation>O candidato %1 já indica este perfil de agente; o kandev recusa uma rota que indique um perfil duas vezes.</translation>
    </message>
    <message>
        <source>Profile name is required.</source>
        <translation>O nome do perfil é obrigatório.</translation>
    </message>
    <message>
        <source>The candidate is this dynamic profile itself; kandev refuses a profile as its own candidate.</source>
        <translation>O candidato é este próprio perfil dinâmico; o kandev recusa um perfil como candidato de si próprio.</translation>
    </message>
    <message>
        <source>Agent profile %1 is not in this file; kandev refuses a candidate whose profile does not exist.</source>
        <translation>O perfil de agente %1 não está neste ficheiro; o kandev recusa um candidato cujo perfil não existe.</translation>
    </message>
    <message>
        <source>Agent profile %1 is deleted; kandev refuses it as a candidate.</source>
        <translation>O perfil de agente %1 foi eliminado; o kandev recusa-o como candidato.</translation>
    </message>
    <message>
        <source>Agent profile %1 has no agent; kandev refuses a profile without an agent.</source>
        <translation>O perfil de agente %1 não tem agente; o kandev recusa um perfil sem agente.</translation>
    </message>
    <message>
        <source>Agent profile %1 is a dynamic profile; kandev refuses dynamic profiles as candidates.</source>
        <translation>O perfil de agente %1 é um perfil dinâmico; o kandev recusa perfis dinâmicos como candidatos.</translation>
    </message>
    <message>
        <source>Agent profile %1 is an Office profile (it has a workspace or a role); kandev refuses Office profiles as candidates.</source>
        <translation>O perfil de agente %1 é um perfil do Office (tem uma área de trabalho ou uma função); o kandev recusa perfis do Office como candidatos.</translation>
    </message>
    <message>
        <source>Agent profile %1 has automatic fallback; kandev refuses such profiles as candidates.</source>
        <translation>O perfil de agente %1 tem alternativa automática; o kandev recusa esses perfis como candidatos.</translation>
    </message>
    <message>
        <source>Agent profile %1 is disabled; a disabled profile cannot be a candidate.</source>
        <translation>O perfil de agente %1 está desativado; um perfil desativado não pode ser candidato.</translation>
    </message>
    <message>
        <source>Warning: kandev may refuse agent profile %1: its agent %2 is not one of the inference agents kandev of %3 knows.</source>
        <extracomment>%3 is the date of the kandev release whose list of agents this build knows</extracomment>
        <translation>Aviso: o kandev pode recusar o perfil de agente %1: o seu agente %2 não é um dos agentes de inferência que o kandev de %3 conhece.</translation>
    </message>
    <message>
        <source>this profile itself</source>
        <translation>o próprio perfil</translation>
    </message>
    <message>
        <source>already in the route</source>
        <translation>já está na rota</translation>
    </message>
    <message>
        <source>not in this file</source>
        <translation>não está neste ficheiro</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>eliminado</translation>
    </message>
    <message>
        <source>no agent</source>
        <translation>sem agente</translation>
    </message>
    <message>
        <source>a dynamic profile</source>
        <translation>um perfil dinâmico</translation>
    </message>
    <message>
        <source>an Office profile</source>
        <translation>um perfil do Office</translation>
    </message>
    <message>
        <source>automatic fallback</source>
        <translation>alternativa automática</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>desativado</translation>
    </message>
    <message>
        <source>agent %1 may not be launchable</source>
        <translation>pode não ser possível iniciar o agente %1</translation>
    </message>
    <message>
        <source>Legacy rules cannot be migrated: %1</source>
        <translation>Não é possível migrar as regras antigas: %1</translation>
    </message>
    <message>
        <source>Wait %1 for the provider&apos;s reset, then try this candidate once more; if that fails too: %2.</source>
        <translation>Aguardar %1 pela reposição do fornecedor e tentar este candidato mais uma vez; se também falhar: %2.</translation>
    </message>
    <message>
        <source>Retry %1 of this candidate after %2; when retries run out: %3.</source>
        <translation>Repetição %1 deste candidato após %2; quando as repetições se esgotarem: %3.</translation>
    </message>
    <message>
        <source>Skip to the next candidate now.</source>
        <translation>Ignorar e passar já ao próximo candidato.</translation>
    </message>
    <message>
        <source>Stop: this candidate&apos;s policies are invalid, and invalid settings never authorize work.</source>
        <translation>Parar: as políticas deste candidato são inválidas, e definições inválidas nunca autorizam trabalho.</translation>
    </message>
    <message>
        <source>Stop for manual recovery: the failure came after output or tool activity, so retrying could repeat side effects.</source>
        <translation>Parar para recuperação manual: a falha ocorreu depois de saída ou atividade de ferramentas, pelo que uma repetição poderia duplicar efeitos secundários.</translation>
    </message>
    <message>
        <source>Stop for manual recovery: the classifier could not classify this error, and unclassified errors always stop.</source>
        <translation>Parar para recuperação manual: o classificador não conseguiu classificar este erro, e os erros não classificados param sempre.</translation>
    </message>
    <message>
        <source>Stop for manual recovery.</source>
        <translation>Parar para recuperação manual.</translation>
    </message>
    <message>
        <source>The reset hint is not trusted for this error, so it is not used.</source>
        <translation>A indicação de reposição não é fiável para este erro, por isso não é usada.</translation>
    </message>
    <message>
        <source>Wait-for-reset is off for %1 on this candidate, so the %2 hint is not used.</source>
        <translation>A espera pela reposição está desativada para os %1 neste candidato, por isso a indicação de %2 não é usada.</translation>
    </message>
    <message>
        <source>This candidate already waited for a reset of %1 in this cycle, so the %2 reset is not used.</source>
        <translation>Este candidato já aguardou por uma reposição dos %1 neste ciclo, por isso a reposição de %2 não é usada.</translation>
    </message>
    <message>
        <source>The reported reset is not in the future, so it is not used.</source>
        <translation>A reposição indicada não está no futuro, por isso não é usada.</translation>
    </message>
    <message>
        <source>The %1 hint is beyond this candidate&apos;s %2 maximum wait for %3, so it is not used.</source>
        <translation>A indicação de %1 excede a espera máxima de %2 deste candidato para os %3, por isso não é usada.</translation>
    </message>
    <message>
        <source>%1 is neither transient nor hard: unknown errors always stop for a person.</source>
        <translation>%1 não é transitório nem permanente: os erros desconhecidos param sempre até uma pessoa intervir.</translation>
    </message>
    <message>
        <source>The failure came after output or tool activity: errors after side effects always stop.</source>
        <translation>A falha ocorreu depois de saída ou atividade de ferramentas: os erros depois de efeitos secundários param sempre.</translation>
    </message>
    <message>
        <source>high</source>
        <comment>confidence</comment>
        <translation>alta</translation>
    </message>
    <message>
        <source>medium</source>
        <comment>confidence</comment>
        <translation>média</translation>
    </message>
    <message>
        <source>low</source>
        <comment>confidence</comment>
        <translation>baixa</translation>
    </message>
    <message>
        <source>provider</source>
        <comment>scope</comment>
        <extracomment>what a failure affects: the provider, the account, the model or this request</extracomment>
        <translation>fornecedor</translation>
    </message>
    <message>
        <source>account</source>
        <comment>scope</comment>
        <translation>conta</translation>
    </message>
    <message>
        <source>model</source>
        <comment>scope</comment>
        <translation>modelo</translation>
    </message>
    <message>
        <source>request</source>
        <comment>scope</comment>
        <translation>pedido</translation>
    </message>
    <message>
        <source>guard</source>
        <comment>stage</comment>
        <extracomment>where a classification rule sits in kandev&apos;s order</extracomment>
        <translation>proteção</translation>
    </message>
    <message>
        <source>structured</source>
        <comment>stage</comment>
        <translation>estruturada</translation>
    </message>
    <message>
        <source>agent CLI</source>
        <comment>stage</comment>
        <translation>CLI do agente</translation>
    </message>
    <message>
        <source>provider-neutral</source>
        <comment>stage</comment>
        <translation>neutra quanto ao fornecedor</translation>
    </message>
    <message>
        <source>runtime</source>
        <comment>stage</comment>
        <translation>ambiente de execução</translation>
    </message>
    <message>
        <source>phase fallback</source>
        <comment>stage</comment>
        <translation>recurso da fase</translation>
    </message>
    <message>
        <source>parsed, in the future, and no other hint disagrees</source>
        <translation>lida, no futuro, e nenhuma outra indicação a contradiz</translation>
    </message>
    <message>
        <source>could not be parsed</source>
        <translation>não foi possível interpretá-la</translation>
    </message>
    <message>
        <source>cannot be represented: past %1</source>
        <translation>não pode ser representada: para além de %1</translation>
    </message>
    <message>
        <source>not in the future</source>
        <translation>não está no futuro</translation>
    </message>
    <message>
        <source>more than a year away</source>
        <translation>a mais de um ano de distância</translation>
    </message>
    <message>
        <source>agrees with %1</source>
        <extracomment>%1: another hint&apos;s source, e.g. retry-after</extracomment>
        <translation>concorda com %1</translation>
    </message>
    <message>
        <source>disagrees with %1</source>
        <translation>contradiz %1</translation>
    </message>
    <message>
        <source>conflicting hints: none is trusted</source>
        <translation>indicações contraditórias: nenhuma é fiável</translation>
    </message>
    <message>
        <source>a time of day without a time zone is ambiguous</source>
        <translation>uma hora do dia sem fuso horário é ambígua</translation>
    </message>
    <message>
        <source>unknown time zone %1</source>
        <extracomment>%1: the time zone&apos;s name as the error wrote it</extracomment>
        <translation>fuso horário desconhecido %1</translation>
    </message>
    <message>
        <source>not a calendar date</source>
        <translation>não é uma data do calendário</translation>
    </message>
    <message>
        <source>Capacity error before output, every attempt</source>
        <translation>Erro de capacidade antes de qualquer saída, em todas as tentativas</translation>
    </message>
    <message>
        <source>Quota exhausted, reset in 1 min</source>
        <translation>Quota esgotada, reposição daqui a 1 min</translation>
    </message>
    <message>
        <source>Quota exhausted, reset in 6 h</source>
        <translation>Quota esgotada, reposição daqui a 6 h</translation>
    </message>
    <message>
        <source>Two transient errors, then success</source>
        <translation>Dois erros transitórios, depois sucesso</translation>
    </message>
    <message>
        <source>Unknown error</source>
        <translation>Erro desconhecido</translation>
    </message>
    <message>
        <source>Failure after tool activity</source>
        <translation>Falha após atividade de ferramentas</translation>
    </message>
    <message>
        <source>candidate %1 (“%2”)</source>
        <extracomment>%1: the candidate&apos;s index in the route, %2: its profile id</extracomment>
        <translation>candidato %1 («%2»)</translation>
    </message>
    <message>
        <source>%1: a legacy rule has an empty key</source>
        <translation>%1: uma regra antiga tem a chave vazia</translation>
    </message>
    <message>
        <source>%1: the legacy rule key “%2” is neither on_provider_error nor a transient or hard error code</source>
        <extracomment>%2: the rule&apos;s key as written, e.g. rate_limitd</extracomment>
        <translation>%1: a chave «%2» da regra antiga não é on_provider_error nem um código de erro transitório ou permanente</translation>
    </message>
    <message>
        <source>%1: the legacy rule “%2” has the unknown action “%3” (expected retry_same, try_next or stop)</source>
        <translation>%1: a regra antiga «%2» tem a ação desconhecida «%3» (esperava-se retry_same, try_next ou stop)</translation>
    </message>
    <message>
        <source>%1: conflicting legacy rules for %2: %3</source>
        <extracomment>%2: the class in a sentence (&quot;transient errors&quot;); %3: the rules, e.g. rate_limited = stop</extracomment>
        <translation>%1: regras antigas contraditórias para %2: %3</translation>
    </message>
    <message>
        <source>%1 carries both policies and legacy rules</source>
        <translation>%1 tem políticas e regras antigas ao mesmo tempo</translation>
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
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>sentences</comment>
        <extracomment>two sentences one after the other: a space between them in English, none in Chinese</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>syntax error: %1</source>
        <extracomment>%1: the JSON parser&apos;s own words, in English</extracomment>
        <translation>erro de sintaxe: %1</translation>
    </message>
    <message>
        <source>the file is empty; expected a JSON document</source>
        <translation>o ficheiro está vazio; esperava-se um documento JSON</translation>
    </message>
    <message>
        <source>the file is %1; documents are limited to %2</source>
        <translation>o ficheiro tem %1; os documentos estão limitados a %2</translation>
    </message>
    <message>
        <source>JSON is nested more than %1 levels deep</source>
        <translation>o JSON está aninhado em mais de %1 níveis</translation>
    </message>
    <message>
        <source>duplicate key %1: each key may appear once per object</source>
        <translation>chave duplicada %1: cada chave só pode aparecer uma vez por objeto</translation>
    </message>
    <message>
        <source>-0 is not a valid integer here; write 0</source>
        <translation>-0 não é um número inteiro válido aqui; escreva 0</translation>
    </message>
    <message>
        <source>schema: %1</source>
        <extracomment>%1: the JSON Schema validator&apos;s own words, in English</extracomment>
        <translation>esquema: %1</translation>
    </message>
    <message>
        <source>is also the id of %1; kandev keeps one profile per id (agent_profiles&apos; primary key)</source>
        <extracomment>%1: the field path of the other profile</extracomment>
        <translation>é também o id de %1; o kandev guarda um perfil por id (chave primária de agent_profiles)</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>um número inteiro</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true ou false</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>uma cadeia de caracteres</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>um objeto</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>uma lista</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>um valor booleano</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>an unsupported value</source>
        <translation>um valor não suportado</translation>
    </message>
    <message>
        <source>&quot;skip&quot; or &quot;stop&quot;</source>
        <translation>«skip» ou «stop»</translation>
    </message>
    <message>
        <source>a candidate object</source>
        <translation>um objeto de candidato</translation>
    </message>
    <message>
        <source>an object mapping error codes to actions</source>
        <translation>um objeto que associa códigos de erro a ações</translation>
    </message>
    <message>
        <source>an action string</source>
        <translation>uma ação como cadeia de caracteres</translation>
    </message>
    <message>
        <source>a dynamic profile object</source>
        <translation>um objeto de perfil dinâmico</translation>
    </message>
    <message>
        <source>an array of candidates</source>
        <translation>uma lista de candidatos</translation>
    </message>
    <message>
        <source>an agent profile object</source>
        <translation>um objeto de perfil de agente</translation>
    </message>
    <message>
        <source>an array of agent profiles</source>
        <translation>uma lista de perfis de agente</translation>
    </message>
    <message>
        <source>a class policy</source>
        <translation>uma política de classe</translation>
    </message>
    <message>
        <source>a policy document</source>
        <translation>um documento de políticas</translation>
    </message>
    <message>
        <source>expected %1, found the fraction %2</source>
        <extracomment>%1: what the document should hold there (&quot;an integer&quot;), %2: what it holds (&quot;a string&quot;)</extracomment>
        <translation>esperava-se %1, encontrou-se a fração %2</translation>
    </message>
    <message>
        <source>expected %1, found %2</source>
        <translation>esperava-se %1, encontrou-se %2</translation>
    </message>
    <message>
        <source>unknown key %1 in %2 (allowed: %3)</source>
        <extracomment>%1: the key as written, quoted; %2: where (&quot;a class policy&quot;); %3: the keys allowed there</extracomment>
        <translation>chave desconhecida %1 em %2 (permitidas: %3)</translation>
    </message>
    <message>
        <source>unknown on_exhausted %1 (expected &quot;skip&quot; or &quot;stop&quot;)</source>
        <translation>valor de on_exhausted desconhecido %1 (esperava-se «skip» ou «stop»)</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <extracomment>%1: the field&apos;s key, e.g. execution_profile_id</extracomment>
        <translation>falta %1</translation>
    </message>
    <message>
        <source>the integer %1 is out of range (largest allowed: %2)</source>
        <translation>o número inteiro %1 está fora do intervalo (máximo permitido: %2)</translation>
    </message>
    <message>
        <source>the number is beyond the 64-bit integer range (allowed: %1 to %2)</source>
        <translation>o número está fora do intervalo dos inteiros de 64 bits (permitido: %1 a %2)</translation>
    </message>
    <message>
        <source>the profile version must not be negative</source>
        <translation>a versão do perfil não pode ser negativa</translation>
    </message>
    <message>
        <source>this agent profile is not dynamic: it has no &quot;dynamic&quot; document</source>
        <translation>este perfil de agente não é dinâmico: não tem nenhum documento «dynamic»</translation>
    </message>
    <message>
        <source>not a policy document: expected a dynamic profile (&quot;candidates&quot;), an agent profile (&quot;dynamic&quot;) or an export (an array, or &quot;profiles&quot;)</source>
        <translation>não é um documento de políticas: esperava-se um perfil dinâmico («candidates»), um perfil de agente («dynamic») ou uma exportação (uma lista, ou «profiles»)</translation>
    </message>
    <message>
        <source>%1 (line %2, column %3)</source>
        <extracomment>%1: rules_json and a field path in it, %2: its line, %3: its column</extracomment>
        <translation>%1 (linha %2, coluna %3)</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: %3: %4</source>
        <extracomment>%1: a profile id, %2: a route&apos;s position</extracomment>
        <translation>perfil «%1», posição %2: %3: %4</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: rules_json is %3 characters long; a route&apos;s rules are limited to %4 characters, so this profile is left untouched</source>
        <translation>perfil «%1», posição %2: rules_json tem %3 caracteres; as regras de uma rota estão limitadas a %4 caracteres, por isso este perfil não é alterado</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: rules_json has policy version %3, newer than this build&apos;s %4; this profile is read and never written</source>
        <translation>perfil «%1», posição %2: rules_json tem a versão de política %3, mais recente do que a %4 desta versão; este perfil é lido e nunca escrito</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: execution_profile_id is empty once white space is trimmed; kandev&apos;s backend rejects the route, so this profile is left untouched</source>
        <translation>perfil «%1», posição %2: execution_profile_id fica vazio sem os espaços em branco; o servidor do kandev rejeita a rota, por isso este perfil não é alterado</translation>
    </message>
    <message>
        <source>the real number %1</source>
        <translation>o número real %1</translation>
    </message>
    <message>
        <source>a blob of %1 bytes</source>
        <translation>um blob de %1 bytes</translation>
    </message>
    <message>
        <source>the boolean %1</source>
        <translation>o valor booleano %1</translation>
    </message>
    <message>
        <source>the text “%1”</source>
        <translation>o texto «%1»</translation>
    </message>
    <message>
        <source>%1 is past the 64-bit integer range kandev reads</source>
        <translation>%1 está fora do intervalo dos inteiros de 64 bits que o kandev lê</translation>
    </message>
    <message>
        <source>%1 is not an integer, which kandev reads here</source>
        <translation>%1 não é um número inteiro, que é o que o kandev lê aqui</translation>
    </message>
    <message>
        <source>NULL where kandev reads an integer</source>
        <translation>NULL onde o kandev lê um número inteiro</translation>
    </message>
    <message>
        <source>%1 is not a boolean (0 or 1), which kandev reads here</source>
        <translation>%1 não é um valor booleano (0 ou 1), que é o que o kandev lê aqui</translation>
    </message>
    <message>
        <source>%1 is not text, which kandev reads here</source>
        <translation>%1 não é texto, que é o que o kandev lê aqui</translation>
    </message>
    <message>
        <source>NULL where kandev reads text</source>
        <translation>NULL onde o kandev lê texto</translation>
    </message>
    <message>
        <source>profile “%1”: %2, column %3: %4; this profile is left untouched</source>
        <extracomment>%1: a profile id, %2: kandev&apos;s table, %3: its column, %4: what is wrong with the value</extracomment>
        <translation>perfil «%1»: %2, coluna %3: %4; este perfil não é alterado</translation>
    </message>
    <message numerus="yes">
        <source>and %n more problem(s) not listed; correct these and check again</source>
        <extracomment>After the first hundred problems of a file: how many more there are.</extracomment>
        <translation>
            <numerusform>e mais %n problema não listado; corrija estes e verifique novamente</numerusform>
            <numerusform>e mais %n problemas não listados; corrija estes e verifique novamente</numerusform>
        </translation>
    </message>
    <message>
        <source>The worst-case hold for %1 is %2; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2 and %3: durations</extracomment>
        <translation>No pior caso, a rota retém uma tarefa durante %2 com %1; as regras da casa permitem %3.</translation>
    </message>
    <message>
        <source>One route cycle makes up to %2 attempts for %1; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2, %3: numbers of attempts</extracomment>
        <translation>Um ciclo da rota faz até %2 tentativas com %1; as regras da casa permitem %3.</translation>
    </message>
    <message>
        <source>This candidate retries %1 up to %2 times; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2, %3: numbers of retries</extracomment>
        <translation>Este candidato repete com %1 até %2 vezes; as regras da casa permitem %3.</translation>
    </message>
    <message>
        <source>This candidate waits up to %1 for the reset of %2; the house allows %3.</source>
        <extracomment>%1: a duration; %2: transient errors or hard errors; %3: a duration</extracomment>
        <translation>Este candidato espera até %1 pela reposição com %2; as regras da casa permitem %3.</translation>
    </message>
    <message>
        <source>For %1 the route ends in stop; the house wants it to end with no candidate left.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation>Com %1 a rota termina em paragem; as regras da casa querem que termine sem candidatos restantes.</translation>
    </message>
    <message>
        <source>For %1 the route ends with no candidate left; the house wants it to end in stop, so that a person hears of it.</source>
        <translation>Com %1 a rota termina sem candidatos restantes; as regras da casa querem que termine em paragem, para que uma pessoa saiba.</translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s) enabled; the house requires at least %1.</source>
        <translation>
            <numerusform>%n candidato ativado; as regras da casa exigem pelo menos %1.</numerusform>
            <numerusform>%n candidatos ativados; as regras da casa exigem pelo menos %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The enabled candidates span %n provider(s)%1; the house requires at least %2.</source>
        <extracomment>%1: the agents&apos; names, or nothing when no agent is known</extracomment>
        <translation>
            <numerusform>Os candidatos ativados abrangem %n fornecedor%1; as regras da casa exigem pelo menos %2.</numerusform>
            <numerusform>Os candidatos ativados abrangem %n fornecedores%1; as regras da casa exigem pelo menos %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>No route cycle reaches this candidate for %1: an earlier candidate stops the route.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation>Nenhum ciclo da rota chega a este candidato com %1: um candidato anterior para a rota.</translation>
    </message>
    <message>
        <source>Profile %1 is not among the profiles the house allows.</source>
        <translation>O perfil %1 não está entre os perfis que as regras da casa permitem.</translation>
    </message>
    <message>
        <source>Profile %1 (agent %2) is not among the agents or profiles the house allows.</source>
        <translation>O perfil %1 (agente %2) não está entre os agentes ou perfis que as regras da casa permitem.</translation>
    </message>
    <message>
        <source>Profile %1 matches %2, which the house forbids.</source>
        <extracomment>%1: the profile; %2: the pattern it matches</extracomment>
        <translation>O perfil %1 corresponde a %2, que as regras da casa proíbem.</translation>
    </message>
    <message>
        <source>This candidate handles %1 differently from the first enabled candidate; the house wants one policy for them.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation>Este candidato trata %1 de forma diferente do primeiro candidato ativado; as regras da casa querem uma só política para eles.</translation>
    </message>
    <message>
        <source>The candidate&apos;s legacy rules cannot be migrated.</source>
        <translation>As regras antigas do candidato não podem ser migradas.</translation>
    </message>
    <message>
        <source>The candidate breaks one of kandev&apos;s candidate rules.</source>
        <translation>O candidato viola uma das regras de candidatos do kandev.</translation>
    </message>
    <message>
        <source>House rule %1.</source>
        <extracomment>%1: the rule&apos;s id in the rules file</extracomment>
        <translation>Regra da casa %1.</translation>
    </message>
    <message>
        <source>Excepted for this profile: %1.</source>
        <extracomment>%1: the reason recorded in the rules file</extracomment>
        <translation>Exceção para este perfil: %1.</translation>
    </message>
</context>
<context>
    <name>RouteComparisonText</name>
    <message>
        <source>success on %1</source>
        <extracomment>how a route cycle ends, after &quot;now ends in&quot; / &quot;instead of&quot;; %1: a candidate&apos;s name</extracomment>
        <translation>sucesso em %1</translation>
    </message>
    <message>
        <source>stop on %1 (safety gate)</source>
        <translation>paragem em %1 (barreira de segurança)</translation>
    </message>
    <message>
        <source>stop on %1</source>
        <translation>paragem em %1</translation>
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation>não resta nenhum candidato elegível</translation>
    </message>
    <message>
        <source>a configuration error on %1</source>
        <translation>um erro de configuração em %1</translation>
    </message>
    <message>
        <source>the event limit</source>
        <translation>o limite de eventos</translation>
    </message>
    <message>
        <source>Cannot compare with the saved policy: %1 in the edited route cannot be simulated. %2</source>
        <extracomment>%1: a candidate&apos;s name; %2: the field path and the problem</extracomment>
        <translation>Não é possível comparar com a política guardada: não é possível simular %1 na rota editada. %2</translation>
    </message>
    <message>
        <source>Cannot compare with the saved policy: %1 in the saved route cannot be simulated. %2</source>
        <translation>Não é possível comparar com a política guardada: não é possível simular %1 na rota guardada. %2</translation>
    </message>
    <message>
        <source>No change to the route for this scenario</source>
        <translation>Nenhuma alteração à rota neste cenário</translation>
    </message>
    <message numerus="yes">
        <source>+%n attempts</source>
        <extracomment>the change in the number of attempts: &quot;+2 attempts&quot;</extracomment>
        <translation>
            <numerusform>+%n tentativa</numerusform>
            <numerusform>+%n tentativas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n attempts</source>
        <translation>
            <numerusform>−%n tentativa</numerusform>
            <numerusform>−%n tentativas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>+%n retries</source>
        <translation>
            <numerusform>+%n repetição</numerusform>
            <numerusform>+%n repetições</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n retries</source>
        <translation>
            <numerusform>−%n repetição</numerusform>
            <numerusform>−%n repetições</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>+%n reset waits</source>
        <translation>
            <numerusform>+%n espera pela reposição</numerusform>
            <numerusform>+%n esperas pela reposição</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n reset waits</source>
        <translation>
            <numerusform>−%n espera pela reposição</numerusform>
            <numerusform>−%n esperas pela reposição</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 longer</source>
        <extracomment>%1: how much longer (or shorter) the route takes to its end, &quot;35 s&quot;</extracomment>
        <translation>mais %1 de duração</translation>
    </message>
    <message>
        <source>%1 shorter</source>
        <translation>menos %1 de duração</translation>
    </message>
    <message>
        <source>now ends in %1 instead of %2</source>
        <extracomment>%1: how the edited route ends, %2: how the saved one ended</extracomment>
        <translation>agora termina com: %1 (em vez de: %2)</translation>
    </message>
    <message>
        <source>The same attempts, waits and ending, but the route differs from event %1</source>
        <translation>As mesmas tentativas, esperas e fim, mas a rota difere a partir do evento %1</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the parts of the summary</comment>
        <translation>, </translation>
    </message>
    <message>
        <source>Its legacy rules cannot be migrated (see Validation).</source>
        <translation>Não é possível migrar as suas regras antigas (ver Validação).</translation>
    </message>
</context>
<context>
    <name>gui::ActionSet</name>
    <message>
        <source>&amp;File</source>
        <translation>Fic&amp;heiro</translation>
    </message>
    <message>
        <source>&amp;New Dynamic Profile</source>
        <translation>&amp;Novo perfil dinâmico</translation>
    </message>
    <message>
        <source>Delete the dynamic profile shown, as kandev deletes one (a kandev database)</source>
        <translation>Eliminar o perfil dinâmico apresentado, tal como o kandev elimina um perfil (numa base de dados do kandev)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Abrir…</translation>
    </message>
    <message>
        <source>Open &amp;Database…</source>
        <translation>Abrir base de &amp;dados…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;recentes</translation>
    </message>
    <message>
        <source>Re&amp;load from Disk</source>
        <translation>Re&amp;carregar do disco</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Guardar c&amp;omo…</translation>
    </message>
    <message>
        <source>Revie&amp;w Changes…</source>
        <translation>Re&amp;ver alterações…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>An&amp;ular</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Refazer</translation>
    </message>
    <message>
        <source>Main Tool Bar</source>
        <translation>Barra de ferramentas principal</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Migration Report…</source>
        <translation>Relatório de &amp;migração…</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Repor disposição</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;juda</translation>
    </message>
    <message>
        <source>Error &amp;Catalogue…</source>
        <translation>&amp;Catálogo de erros…</translation>
    </message>
    <message>
        <source>&amp;About Policy Studio</source>
        <translation>&amp;Acerca do Policy Studio</translation>
    </message>
    <message>
        <source>About Policy Studio</source>
        <translation>Acerca do Policy Studio</translation>
    </message>
    <message>
        <source>&lt;b&gt;Policy Studio %1&lt;/b&gt;&lt;p&gt;Edits the per-class recovery policies of kandev dynamic profiles, validated by the same evaluator a backend links.&lt;/p&gt;&lt;p&gt;Error catalogue: %2 (%3 rules)&lt;br/&gt;Policy schema version: %4&lt;/p&gt;</source>
        <translation>&lt;b&gt;Policy Studio %1&lt;/b&gt;&lt;p&gt;Edita as políticas de recuperação por classe dos perfis dinâmicos do kandev, validadas pelo mesmo avaliador que um servidor integra.&lt;/p&gt;&lt;p&gt;Catálogo de erros: %2 (%3 regras)&lt;br/&gt;Versão do esquema de políticas: %4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Colour &amp;Scheme</source>
        <translation>E&amp;squema de cores</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;Sistema</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Claro</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Escuro</translation>
    </message>
    <message>
        <source>&amp;New Dynamic Profile in %1</source>
        <translation>&amp;Novo perfil dinâmico em %1</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>An&amp;ular %1</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Refazer %1</translation>
    </message>
    <message>
        <source>Dele&amp;te Dynamic Profile…</source>
        <translation>E&amp;liminar perfil dinâmico…</translation>
    </message>
    <message>
        <source>&amp;House Rules</source>
        <translation>R&amp;egras da casa</translation>
    </message>
    <message>
        <source>&amp;Choose Rules File…</source>
        <translation>&amp;Escolher ficheiro de regras…</translation>
    </message>
    <message>
        <source>&amp;Use the Rules File Beside the Document</source>
        <translation>&amp;Usar o ficheiro de regras junto ao documento</translation>
    </message>
    <message>
        <source>&amp;Read the Rules File Again</source>
        <translation>&amp;Ler de novo o ficheiro de regras</translation>
    </message>
    <message>
        <source>Forget the chosen file: the nearest %1 in the document&apos;s folder or a parent is used</source>
        <translation>Esquecer o ficheiro escolhido: é usado o %1 mais próximo na pasta do documento ou numa pasta acima</translation>
    </message>
</context>
<context>
    <name>gui::CandidateEditor</name>
    <message>
        <source>Read-only: this candidate already has versioned policies, but the legacy rules of %1 cannot be migrated, so the document is open read-only.</source>
        <translation>Só de leitura: este candidato já tem políticas versionadas, mas não é possível migrar as regras antigas de %1, pelo que o documento está aberto só de leitura.</translation>
    </message>
    <message>
        <source>Read-only: this candidate already has versioned policies, but the legacy rules of %1 were not migrated, so the document is open read-only.</source>
        <translation>Só de leitura: este candidato já tem políticas versionadas, mas as regras antigas de %1 não foram migradas, pelo que o documento está aberto só de leitura.</translation>
    </message>
    <message>
        <source>No candidates yet</source>
        <translation>Ainda sem candidatos</translation>
    </message>
    <message>
        <source>No candidate selected</source>
        <translation>Nenhum candidato selecionado</translation>
    </message>
    <message>
        <source>Add the route&apos;s first candidate with Add Candidate (Edit menu) to set what happens when its provider fails.</source>
        <translation>Adicione o primeiro candidato da rota com Adicionar candidato (menu Editar) para definir o que acontece quando o seu fornecedor falha.</translation>
    </message>
    <message>
        <source>Select a candidate in the route to edit what happens when its provider fails.</source>
        <translation>Selecione um candidato na rota para editar o que acontece quando o seu fornecedor falha.</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Agent profile %1 · %2</source>
        <translation>Perfil de agente %1 · %2</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>ativado</translation>
    </message>
    <message>
        <source>disabled: the route skips it</source>
        <translation>desativado: a rota ignora-o</translation>
    </message>
    <message>
        <source>Read-only: this candidate&apos;s legacy rules cannot be migrated. They are shown as they are.</source>
        <translation>Só de leitura: não é possível migrar as regras antigas deste candidato. São mostradas tal como estão.</translation>
    </message>
    <message>
        <source>Read-only: this candidate&apos;s legacy rules can be migrated, but the document is open read-only (%1).</source>
        <translation>Só de leitura: as regras antigas deste candidato podem ser migradas, mas o documento está aberto só de leitura (%1).</translation>
    </message>
    <message>
        <source>Read-only: %1</source>
        <translation>Só de leitura: %1</translation>
    </message>
    <message>
        <source>%1. The route cannot use this candidate until it references an eligible profile.</source>
        <translation>%1. A rota não pode usar este candidato até que referencie um perfil elegível.</translation>
    </message>
    <message>
        <source>Legacy rules</source>
        <translation>Regras antigas</translation>
    </message>
    <message>
        <source>Migrated, they become: %1</source>
        <translation>Depois de migradas, passam a: %1</translation>
    </message>
</context>
<context>
    <name>gui::CandidateListPanel</name>
    <message>
        <source>&amp;Add Candidate…</source>
        <translation>&amp;Adicionar candidato…</translation>
    </message>
    <message>
        <source>Add an eligible agent profile at the end of the route</source>
        <translation>Adicionar um perfil de agente elegível no fim da rota</translation>
    </message>
    <message>
        <source>Move &amp;Down</source>
        <translation>Mover para &amp;baixo</translation>
    </message>
    <message>
        <source>&amp;Copy Policies To…</source>
        <translation>&amp;Copiar políticas para…</translation>
    </message>
    <message>
        <source>Copy the selected candidate&apos;s policies to other candidates</source>
        <translation>Copiar as políticas do candidato selecionado para outros candidatos</translation>
    </message>
    <message>
        <source>Route candidates</source>
        <translation>Candidatos da rota</translation>
    </message>
    <message>
        <source>%1, being edited, does not match the filter.</source>
        <translation>%1, em edição, não corresponde ao filtro.</translation>
    </message>
    <message>
        <source>Copy Policies</source>
        <translation>Copiar políticas</translation>
    </message>
    <message>
        <source>Copy the transient and hard error policies of %1 to:</source>
        <translation>Copiar as políticas de erros transitórios e de erros permanentes de %1 para:</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message numerus="yes">
        <source>Copy policies of %1 to %n candidate(s)</source>
        <translation>
            <numerusform>Copiar as políticas de %1 para %n candidato</numerusform>
            <numerusform>Copiar as políticas de %1 para %n candidatos</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy policies</source>
        <translation>Copiar políticas</translation>
    </message>
    <message>
        <source>Re&amp;move Candidate</source>
        <translation>Re&amp;mover candidato</translation>
    </message>
    <message>
        <source>Move U&amp;p</source>
        <translation>Mover para c&amp;ima</translation>
    </message>
</context>
<context>
    <name>gui::CandidatePickerDialog</name>
    <message>
        <source>kandev refuses a route that names a profile twice.</source>
        <translation>O kandev recusa uma rota que indique um perfil duas vezes.</translation>
    </message>
    <message>
        <source>Add Candidate</source>
        <translation>Adicionar candidato</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Adicionar</translation>
    </message>
    <message>
        <source>Every concrete agent profile of the file is listed. Those kandev refuses as candidates are greyed out, with the reason.</source>
        <translation>São listados todos os perfis de agente concretos do ficheiro. Os que o kandev recusa como candidatos aparecem a cinzento, com o motivo.</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filtrar</translation>
    </message>
    <message>
        <source>Filter profiles</source>
        <translation>Filtrar perfis</translation>
    </message>
    <message>
        <source>%1 (%2)
cannot be a candidate: %3</source>
        <extracomment>%3 says why, e.g. &quot;deleted, disabled&quot;</extracomment>
        <translation>%1 (%2)
não pode ser candidato: %3</translation>
    </message>
    <message>
        <source>%1 (%2)
warning: %3</source>
        <translation>%1 (%2)
aviso: %3</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Agent profiles</source>
        <translation>Perfis de agente</translation>
    </message>
    <message>
        <source>This file has no catalogue of agent profiles. Type the id of an enabled, concrete profile without automatic fallback.</source>
        <translation>Este ficheiro não tem um catálogo de perfis de agente. Escreva o ID de um perfil concreto e ativado, sem alternativa automática.</translation>
    </message>
    <message>
        <source>Agent profile &amp;id:</source>
        <translation>&amp;ID do perfil de agente:</translation>
    </message>
    <message>
        <source>%1 is already in the route; kandev refuses a route that names a profile twice.</source>
        <translation>%1 já está na rota; o kandev recusa uma rota que indique um perfil duas vezes.</translation>
    </message>
</context>
<context>
    <name>gui::CatalogueDialog</name>
    <message>
        <source>status</source>
        <translation>estado</translation>
    </message>
    <message>
        <source>exit code</source>
        <translation>código de saída</translation>
    </message>
    <message>
        <source>error context</source>
        <translation>contexto do erro</translation>
    </message>
    <message>
        <source>signature</source>
        <translation>assinatura</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Classe</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Descrição</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regra</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Prioridade</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Etapa</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Confiança</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Âmbito</translation>
    </message>
    <message>
        <source>Reads</source>
        <translation>Lê</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Origem</translation>
    </message>
    <message>
        <source>Example</source>
        <translation>Exemplo</translation>
    </message>
    <message>
        <source>Error Catalogue — %1</source>
        <translation>Catálogo de erros — %1</translation>
    </message>
    <message>
        <source>Rules apply in kandev&apos;s order: its structured signals (status, exit 127), then the agent CLI&apos;s own wording, then provider-neutral wording, then the runtime environment; the first match of highest priority decides. Wording in ordinary language is only read inside an error context. Without a match the error is unclassified, and unclassified errors always stop.</source>
        <translation>As regras aplicam-se pela ordem do kandev: primeiro os sinais estruturados (estado, saída 127), depois a formulação própria da CLI do agente, depois a formulação neutra em relação ao fornecedor e, por fim, o ambiente de execução; decide a primeira correspondência de prioridade mais alta. A formulação em linguagem corrente só é lida dentro de um contexto de erro. Sem correspondência, o erro fica por classificar, e os erros não classificados param sempre.</translation>
    </message>
    <message>
        <source>any</source>
        <translation>qualquer</translation>
    </message>
    <message>
        <source>(the phase&apos;s code)</source>
        <translation>(o código da fase)</translation>
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
        <translation>Códigos de erro</translation>
    </message>
    <message>
        <source>Classification rules</source>
        <translation>Regras de classificação</translation>
    </message>
    <message>
        <source>&amp;Codes</source>
        <translation>&amp;Códigos</translation>
    </message>
    <message>
        <source>&amp;Rules</source>
        <translation>&amp;Regras</translation>
    </message>
</context>
<context>
    <name>gui::ClassPolicyPanel</name>
    <message>
        <source>&amp;Retry the same candidate</source>
        <translation>&amp;Repetir o mesmo candidato</translation>
    </message>
    <message>
        <source>&amp;Max retries:</source>
        <translation>Máx. &amp;de repetições:</translation>
    </message>
    <message>
        <source>F&amp;irst retry after:</source>
        <translation>Primeira repeti&amp;ção após:</translation>
    </message>
    <message>
        <source>&amp;Wait for provider reset</source>
        <translation>Aguardar pela reposição do &amp;fornecedor</translation>
    </message>
    <message>
        <source>Ma&amp;ximum wait:</source>
        <translation>Espera má&amp;xima:</translation>
    </message>
    <message>
        <source>S&amp;kip to the next candidate</source>
        <translation>Ignorar e passar ao próximo &amp;candidato</translation>
    </message>
    <message>
        <source>St&amp;op for manual recovery</source>
        <translation>Parar para recuperaçã&amp;o manual</translation>
    </message>
    <message>
        <source>Retr&amp;y the same candidate</source>
        <translation>Repetir o &amp;mesmo candidato</translation>
    </message>
    <message>
        <source>Max re&amp;tries:</source>
        <translation>Máx. de repe&amp;tições:</translation>
    </message>
    <message>
        <source>First retry &amp;after:</source>
        <translation>Primeira repetição &amp;após:</translation>
    </message>
    <message>
        <source>Wait for provi&amp;der reset</source>
        <translation>Ag&amp;uardar pela reposição do fornecedor</translation>
    </message>
    <message>
        <source>Maxim&amp;um wait:</source>
        <translation>E&amp;spera máxima:</translation>
    </message>
    <message>
        <source>Skip to the &amp;next candidate</source>
        <translation>&amp;Ignorar e passar ao próximo candidato</translation>
    </message>
    <message>
        <source>Sto&amp;p for manual recovery</source>
        <translation>&amp;Parar para recuperação manual</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>Explicar</translation>
    </message>
    <message>
        <source>Explain %1</source>
        <translation>Explicar os %1</translation>
    </message>
    <message>
        <source>Explain %1 for %2</source>
        <extracomment>%1 is a setting (the retry, the reset wait, the outcome), %2 the class (&quot;transient errors&quot;).</extracomment>
        <translation>Explicar %1 para os %2</translation>
    </message>
    <message>
        <source>the retry</source>
        <translation>a repetição</translation>
    </message>
    <message>
        <source>Tries the same candidate again after a delay that doubles each time, up to the maximum retries; then the outcome below applies.</source>
        <translation>Repete o mesmo candidato após um intervalo que duplica de cada vez, até ao máximo de repetições; depois aplica-se o resultado abaixo.</translation>
    </message>
    <message>
        <source>the reset wait</source>
        <translation>a espera pela reposição</translation>
    </message>
    <message>
        <source>When the provider reports a trusted reset time within the maximum wait, kandev waits until then and tries once more. At most once per candidate and class in a route cycle, and it never uses up one of the retries.</source>
        <translation>Quando o fornecedor indica uma hora de reposição fiável dentro da espera máxima, o kandev aguarda até lá e tenta mais uma vez. No máximo uma vez por candidato e classe num ciclo da rota, e nunca gasta nenhuma das repetições.</translation>
    </message>
    <message>
        <source>Only a trusted reset time that the provider reports, lies in the future and is no further away than the maximum wait is used; then the candidate is tried once more. The wait does not use up retries.</source>
        <translation>Só é usada uma hora de reposição fiável que o fornecedor indique, que esteja no futuro e que não ultrapasse a espera máxima; depois, o candidato é tentado mais uma vez. A espera não gasta repetições.</translation>
    </message>
    <message>
        <source>Only trusted reset times within this maximum; no retry is used up.</source>
        <translation>Só horas de reposição fiáveis dentro deste máximo; não gasta nenhuma repetição.</translation>
    </message>
    <message>
        <source>the outcome</source>
        <translation>o resultado</translation>
    </message>
    <message>
        <source>What happens once the reset wait and every retry are used up: skip to the next enabled candidate, or stop the route until a person acts.</source>
        <translation>O que acontece depois de esgotadas a espera pela reposição e todas as repetições: ignorar e passar ao próximo candidato ativado, ou parar a rota até uma pessoa intervir.</translation>
    </message>
    <message>
        <source>After recovery is exhausted</source>
        <translation>Depois de esgotar a recuperação</translation>
    </message>
    <message>
        <source>Turn on retries for %1 of %2</source>
        <translation>Ativar repetições para os %1 de %2</translation>
    </message>
    <message>
        <source>Turn off retries for %1 of %2</source>
        <translation>Desativar repetições para os %1 de %2</translation>
    </message>
    <message>
        <source>Set max retries for %1 of %2 to %3</source>
        <translation>Definir o máximo de repetições para os %1 de %2 como %3</translation>
    </message>
    <message>
        <source>Set the first retry for %1 of %2 to %3</source>
        <translation>Definir a primeira repetição para os %1 de %2 como %3</translation>
    </message>
    <message>
        <source>Turn on reset waits for %1 of %2</source>
        <translation>Ativar a espera pela reposição para os %1 de %2</translation>
    </message>
    <message>
        <source>Turn off reset waits for %1 of %2</source>
        <translation>Desativar a espera pela reposição para os %1 de %2</translation>
    </message>
    <message>
        <source>Set the maximum reset wait for %1 of %2 to %3</source>
        <translation>Definir a espera máxima pela reposição para os %1 de %2 como %3</translation>
    </message>
    <message>
        <source>Skip to the next candidate when %1 of %2 are not recovered</source>
        <translation>Ignorar e passar ao próximo candidato quando os %1 de %2 não forem recuperados</translation>
    </message>
    <message>
        <source>Stop for a person when %1 of %2 are not recovered</source>
        <translation>Parar até uma pessoa intervir quando os %1 de %2 não forem recuperados</translation>
    </message>
    <message>
        <source>Show or hide the settings for %1</source>
        <extracomment>%1: the class in a sentence (&quot;transient errors&quot;)</extracomment>
        <translation>Mostrar ou ocultar as definições para os %1</translation>
    </message>
    <message>
        <source>Summary for %1</source>
        <translation>Resumo para os %1</translation>
    </message>
</context>
<context>
    <name>gui::ClearAction</name>
    <message>
        <source>Clear</source>
        <translation>Limpar</translation>
    </message>
</context>
<context>
    <name>gui::DatabaseSession</name>
    <message>
        <source>Cannot Open Database</source>
        <translation>Não é possível abrir a base de dados</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_DRIVER is not set.</source>
        <translation>KANDEV_DATABASE_DRIVER não está definida.</translation>
    </message>
    <message>
        <source>The database could not be opened: %1.</source>
        <translation>Não foi possível abrir a base de dados: %1.</translation>
    </message>
    <message numerus="yes">
        <source>Migrated %n profile(s) in the database; backup: %1. View › Migration Report shows how.</source>
        <translation>
            <numerusform>%n perfil migrado na base de dados; cópia de segurança: %1. Ver › Relatório de migração mostra como.</numerusform>
            <numerusform>%n perfis migrados na base de dados; cópia de segurança: %1. Ver › Relatório de migração mostra como.</numerusform>
        </translation>
    </message>
    <message>
        <source>Policy Studio cannot read this database:

%1</source>
        <translation>O Policy Studio não consegue ler esta base de dados:

%1</translation>
    </message>
    <message>
        <source>its legacy rules were not migrated</source>
        <translation>as suas regras antigas não foram migradas</translation>
    </message>
    <message>
        <source>Apply Migration</source>
        <translation>Aplicar migração</translation>
    </message>
    <message>
        <source>Write the migrated policies to %1 now, in one transaction, after a backup? Profiles with errors are left untouched.</source>
        <translation>Escrever agora as políticas migradas em %1, numa única transação, depois de uma cópia de segurança? Os perfis com erros ficam intactos.</translation>
    </message>
    <message>
        <source>Migration Not Applied</source>
        <translation>Migração não aplicada</translation>
    </message>
    <message>
        <source>Nothing was written.

%1</source>
        <translation>Nada foi escrito.

%1</translation>
    </message>
    <message>
        <source>Database Password</source>
        <translation>Palavra-passe da base de dados</translation>
    </message>
    <message>
        <source>%1 asks for the password of user “%2”. It is kept only while the database is open.

%3</source>
        <translation>%1 pede a palavra-passe do utilizador “%2”. Só é mantida enquanto a base de dados estiver aberta.

%3</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Ligar</translation>
    </message>
    <message>
        <source>Changed in the Database</source>
        <translation>Alterado na base de dados</translation>
    </message>
    <message>
        <source>%1

Reload the profiles from the database? Your unsaved edits are lost.</source>
        <translation>%1

Recarregar os perfis a partir da base de dados? As suas edições por guardar perdem-se.</translation>
    </message>
</context>
<context>
    <name>gui::DockLayout</name>
    <message>
        <source>Route</source>
        <translation>Rota</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Cronologia</translation>
    </message>
    <message numerus="yes">
        <source>Timeline — %n warning(s)</source>
        <translation>
            <numerusform>Cronologia — %n aviso</numerusform>
            <numerusform>Cronologia — %n avisos</numerusform>
        </translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>Validação</translation>
    </message>
    <message>
        <source>What Happens If…</source>
        <translation>O que acontece se…</translation>
    </message>
    <message>
        <source>Try an Error</source>
        <translation>Testar um erro</translation>
    </message>
    <message>
        <source>Undo History</source>
        <translation>Histórico de anulações</translation>
    </message>
    <message>
        <source>Live Routes</source>
        <translation>Rotas em execução</translation>
    </message>
    <message>
        <source>Fleet Overview</source>
        <translation>Visão geral da frota</translation>
    </message>
</context>
<context>
    <name>gui::DocumentController</name>
    <message>
        <source>Delete Dynamic Profile</source>
        <translation>Eliminar perfil dinâmico</translation>
    </message>
    <message>
        <source>Delete the dynamic profile %1?

The next save marks it deleted in %2, as kandev deletes a profile: its rows stay, kandev stops offering it, and sessions already routed through it keep their route. Until you save, Undo brings it back.</source>
        <translation>Eliminar o perfil dinâmico %1?

Da próxima vez que guardar, fica marcado como eliminado em %2, tal como o kandev elimina um perfil: as suas linhas permanecem, o kandev deixa de o oferecer e as sessões já encaminhadas através dele mantêm a sua rota. Até guardar, Anular recupera-o.</translation>
    </message>
    <message>
        <source>Open Dynamic Profile</source>
        <translation>Abrir perfil dinâmico</translation>
    </message>
    <message>
        <source>JSON documents (*.json);;All files (*)</source>
        <translation>Documentos JSON (*.json);;Todos os ficheiros (*)</translation>
    </message>
    <message>
        <source>Cannot Open File</source>
        <translation>Não é possível abrir o ficheiro</translation>
    </message>
    <message>
        <source>Policy Studio cannot open this file:

%1</source>
        <translation>O Policy Studio não consegue abrir este ficheiro:

%1</translation>
    </message>
    <message>
        <source>a candidate uses a newer policy version than this editor understands; it is never downgraded</source>
        <translation>um candidato usa uma versão de política mais recente do que a que este editor entende; nunca é convertido para uma versão anterior</translation>
    </message>
    <message>
        <source>Opened Read-Only</source>
        <translation>Aberto só de leitura</translation>
    </message>
    <message>
        <source>%1 uses a newer policy version than this editor supports. It opens read-only so that nothing is downgraded.</source>
        <translation>%1 usa uma versão de política mais recente do que a suportada por este editor. Abre só de leitura para que nada seja convertido para uma versão anterior.</translation>
    </message>
    <message>
        <source>The sample could not be copied to %1.</source>
        <translation>Não foi possível copiar o exemplo para %1.</translation>
    </message>
    <message>
        <source>File Changed on Disk</source>
        <translation>Ficheiro alterado no disco</translation>
    </message>
    <message>
        <source>%1 was changed by another program since it was opened. Saving replaces those changes.</source>
        <translation>%1 foi alterado por outro programa desde que foi aberto. Guardar substitui essas alterações.</translation>
    </message>
    <message>
        <source>Cannot Save</source>
        <translation>Não é possível guardar</translation>
    </message>
    <message>
        <source>Nothing was written; your edits are still here.

%1</source>
        <translation>Nada foi escrito; as suas edições continuam aqui.

%1</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>Guardado em %1.</translation>
    </message>
    <message>
        <source>Save Dynamic Profile As</source>
        <translation>Guardar perfil dinâmico como</translation>
    </message>
    <message>
        <source>JSON documents (*.json)</source>
        <translation>Documentos JSON (*.json)</translation>
    </message>
    <message>
        <source>Replace File</source>
        <translation>Substituir ficheiro</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 já existe. Substituí-lo?</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 guardado.</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Alterações por guardar</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 tem alterações por guardar. Guardá-las?</translation>
    </message>
    <message>
        <source>%1 was changed by another program. Reload it and lose your unsaved changes?</source>
        <translation>%1 foi alterado por outro programa. Recarregá-lo e perder as alterações por guardar?</translation>
    </message>
    <message>
        <source>%1 was changed by another program. Reload it?</source>
        <translation>%1 foi alterado por outro programa. Recarregá-lo?</translation>
    </message>
    <message>
        <source>%1 changed on disk; saving will replace it.</source>
        <translation>%1 foi alterado no disco; guardar irá substituí-lo.</translation>
    </message>
</context>
<context>
    <name>gui::DurationEdit</name>
    <message>
        <source>seconds</source>
        <extracomment>units of a duration input</extracomment>
        <translation>segundos</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>minutos</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>horas</translation>
    </message>
    <message>
        <source>days</source>
        <translation>dias</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unidade</translation>
    </message>
    <message>
        <source>The unit of the number: pick the one you mean, and the number keeps its digits.</source>
        <translation>A unidade do número: escolha a que pretende e o número mantém os seus algarismos.</translation>
    </message>
    <message>
        <source>%1, unit</source>
        <translation>%1, unidade</translation>
    </message>
    <message>
        <source>= %1 s</source>
        <translation>= %1 s</translation>
    </message>
</context>
<context>
    <name>gui::EditorArea</name>
    <message>
        <source>Candidate editor</source>
        <translation>Editor de candidatos</translation>
    </message>
</context>
<context>
    <name>gui::FleetPane</name>
    <message>
        <source>Refresh Live Routes</source>
        <translation>Atualizar rotas em execução</translation>
    </message>
    <message>
        <source>Filter by name, id or provider</source>
        <translation>Filtrar por nome, id ou fornecedor</translation>
    </message>
    <message>
        <source>Filter the fleet by name, id or provider</source>
        <translation>Filtrar a frota por nome, id ou fornecedor</translation>
    </message>
    <message>
        <source>Fleet summary</source>
        <translation>Resumo da frota</translation>
    </message>
    <message>
        <source>Refresh live routes</source>
        <translation>Atualizar rotas em execução</translation>
    </message>
    <message>
        <source>Read the routes kandev is running now again</source>
        <translation>Ler de novo as rotas que o kandev está a executar</translation>
    </message>
    <message>
        <source>Dynamic profiles of the fleet</source>
        <translation>Perfis dinâmicos da frota</translation>
    </message>
    <message>
        <source>Could not read the live routes (%1).</source>
        <translation>Não foi possível ler as rotas em execução (%1).</translation>
    </message>
    <message>
        <source>Open a document to see its dynamic profiles.</source>
        <translation>Abra um documento para ver os seus perfis dinâmicos.</translation>
    </message>
    <message numerus="yes">
        <source>%n with violations.</source>
        <translation>
            <numerusform>%n com violações.</numerusform>
            <numerusform>%n com violações.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n profile(s); %1</source>
        <translation>
            <numerusform>%n perfil; %1</numerusform>
            <numerusform>%n perfis; %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Showing %1 of %n profile(s); %2</source>
        <translation>
            <numerusform>A mostrar %1 de %n perfil; %2</numerusform>
            <numerusform>A mostrar %1 de %n perfis; %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::HouseRulesController</name>
    <message>
        <source>Choose a House Rules File</source>
        <translation>Escolher um ficheiro de regras da casa</translation>
    </message>
    <message>
        <source>House rules (*.json);;All files (*)</source>
        <translation>Regras da casa (*.json);;Todos os ficheiros (*)</translation>
    </message>
</context>
<context>
    <name>gui::LiveRoutesPane</name>
    <message>
        <source>Refresh</source>
        <translation>Atualizar</translation>
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation>Mostrar na cronologia</translation>
    </message>
    <message>
        <source>Live routes</source>
        <translation>Rotas em execução</translation>
    </message>
    <message>
        <source>Preview the rest of this route&apos;s cycle from its current state, if the same error repeats</source>
        <translation>Pré-visualizar o resto do ciclo desta rota a partir do estado atual, se o mesmo erro se repetir</translation>
    </message>
    <message>
        <source>Live routes are shown for a kandev database.</source>
        <translation>As rotas em execução são mostradas para uma base de dados do kandev.</translation>
    </message>
    <message>
        <source>Could not read the live routes (%1); shown as of the last read.</source>
        <translation>Não foi possível ler as rotas em execução (%1); são mostradas tal como na última leitura.</translation>
    </message>
    <message>
        <source>This kandev database keeps no route state (kandev before August 2026).</source>
        <translation>Esta base de dados do kandev não guarda o estado das rotas (kandev anterior a agosto de 2026).</translation>
    </message>
    <message>
        <source>Credentials &lt;b&gt;%1&lt;/b&gt; paused until %2 (%3): every candidate using them is passed over.</source>
        <translation>Credenciais &lt;b&gt;%1&lt;/b&gt; em pausa até %2 (%3): todos os candidatos que as usam são passados à frente.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; paused until %2 (%3): the route passes it over.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; em pausa até %2 (%3): a rota passa-o à frente.</translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running; %1 scheduled under another policy than the one you are editing.</source>
        <translation>
            <numerusform>%n rota em execução; %1 com agendamento segundo uma política diferente da que está a editar.</numerusform>
            <numerusform>%n rotas em execução; %1 com agendamento segundo uma política diferente da que está a editar.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running, read at %1.</source>
        <translation>
            <numerusform>%n rota em execução, lida em %1.</numerusform>
            <numerusform>%n rotas em execução, lidas em %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a route to see what happens next and its history.</source>
        <translation>Selecione uma rota para ver o que acontece a seguir e o seu histórico.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Session %1&lt;/b&gt;, %2 (profile version %3)</source>
        <translation>&lt;b&gt;Sessão %1&lt;/b&gt;, %2 (versão do perfil %3)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Session %1&lt;/b&gt; on %2, %3 (profile version %4)</source>
        <translation>&lt;b&gt;Sessão %1&lt;/b&gt; em %2, %3 (versão do perfil %4)</translation>
    </message>
    <message>
        <source>Its row cannot be read, so nothing is predicted: %1</source>
        <translation>Não é possível ler a sua linha, por isso nada é previsto: %1</translation>
    </message>
    <message>
        <source>Its policy state cannot be read, so nothing is predicted: %1</source>
        <translation>Não é possível ler o seu estado de política, por isso nada é previsto: %1</translation>
    </message>
    <message>
        <source>The policy it was scheduled under cannot be read: %1</source>
        <translation>Não é possível ler a política com que foi agendada: %1</translation>
    </message>
    <message>
        <source>Saving changes what its next failure is evaluated with; its scheduled deadline stays.</source>
        <translation>Guardar altera a política com que a próxima falha é avaliada; o prazo agendado mantém-se.</translation>
    </message>
    <message>
        <source>%1 is no longer in the route you are editing.</source>
        <translation>%1 já não está na rota que está a editar.</translation>
    </message>
    <message numerus="yes">
        <source>%n earlier attempt(s)</source>
        <translation>
            <numerusform>%n tentativa anterior</numerusform>
            <numerusform>%n tentativas anteriores</numerusform>
        </translation>
    </message>
    <message>
        <source>History: %1</source>
        <translation>Histórico: %1</translation>
    </message>
    <message>
        <source>%1. %2 (%3), %4</source>
        <extracomment>%1: the route generation, %2: the candidate, %3: why kandev chose it (kandev&apos;s code), %4: when</extracomment>
        <translation>%1. %2 (%3), %4</translation>
    </message>
    <message>
        <source>%1. %2 (%3)</source>
        <translation>%1. %2 (%3)</translation>
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
        <translation>Aberto</translation>
    </message>
    <message>
        <source>Undo history</source>
        <translation>Histórico de anulações</translation>
    </message>
    <message>
        <source>Open a dynamic profile document to start.</source>
        <translation>Abra um documento de perfil dinâmico para começar.</translation>
    </message>
    <message>
        <source>Read-only: %1.</source>
        <translation>Só de leitura: %1.</translation>
    </message>
    <message>
        <source>A new dynamic profile: add its first candidate with Add Candidate (%1).</source>
        <translation>Um novo perfil dinâmico: adicione o primeiro candidato com Adicionar candidato (%1).</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>%1 aberto.</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <extracomment>the window title of a document open read-only: &quot;%1 (read-only)&quot;</extracomment>
        <translation>%1 (só de leitura)</translation>
    </message>
</context>
<context>
    <name>gui::MigrationFlow</name>
    <message>
        <source>Let %1 decide %2 of %3</source>
        <translation>Deixar %1 decidir os %2 de %3</translation>
    </message>
    <message>
        <source>Migrate legacy rules</source>
        <translation>Migrar regras antigas</translation>
    </message>
    <message numerus="yes">
        <source>Migrated %n candidate(s) to versioned policies; nothing is written until you save. View › Migration Report shows how.</source>
        <translation>
            <numerusform>%n candidato migrado para políticas versionadas; nada é escrito até guardar. Ver › Relatório de migração mostra como.</numerusform>
            <numerusform>%n candidatos migrados para políticas versionadas; nada é escrito até guardar. Ver › Relatório de migração mostra como.</numerusform>
        </translation>
    </message>
    <message>
        <source>some legacy rules in this document cannot be migrated</source>
        <translation>não é possível migrar algumas regras antigas deste documento</translation>
    </message>
    <message>
        <source>its legacy rules were not migrated</source>
        <translation>as suas regras antigas não foram migradas</translation>
    </message>
</context>
<context>
    <name>gui::MigrationReviewDialog</name>
    <message>
        <source>Review Migration — %1</source>
        <translation>Rever migração — %1</translation>
    </message>
    <message>
        <source>Migration report</source>
        <translation>Relatório de migração</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1 uses legacy rules.&lt;/b&gt; Before it can be edited, its %n candidate(s) are converted to versioned policies as shown. Nothing is written until you save.</source>
        <translation>
            <numerusform>&lt;b&gt;%1 usa regras antigas.&lt;/b&gt; Antes de poder ser editado, o seu %n candidato é convertido em políticas versionadas, como se mostra. Nada é escrito até guardar.</numerusform>
            <numerusform>&lt;b&gt;%1 usa regras antigas.&lt;/b&gt; Antes de poder ser editado, os seus %n candidatos são convertidos em políticas versionadas, como se mostra. Nada é escrito até guardar.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 uses legacy rules that cannot be migrated.&lt;/b&gt; It opens read-only; fix the rules marked below in the file, or in kandev, and open it again.</source>
        <translation>&lt;b&gt;%1 usa regras antigas que não é possível migrar.&lt;/b&gt; Abre só de leitura; corrija as regras assinaladas abaixo no ficheiro, ou no kandev, e abra-o novamente.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 holds legacy rules.&lt;/b&gt; The profiles without problems can be migrated as shown; the profiles marked below cannot be until their rules are settled in kandev, and open read-only.</source>
        <translation>&lt;b&gt;%1 contém regras antigas.&lt;/b&gt; Os perfis sem problemas podem ser migrados como se mostra; os perfis assinalados abaixo não podem sê-lo até as suas regras serem resolvidas no kandev, e abrem só de leitura.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 holds legacy rules that cannot be migrated.&lt;/b&gt; The profiles marked below open read-only until their rules are settled in kandev; the other profiles can be edited.</source>
        <translation>&lt;b&gt;%1 contém regras antigas que não é possível migrar.&lt;/b&gt; Os perfis assinalados abaixo abrem só de leitura até as suas regras serem resolvidas no kandev; os outros perfis podem ser editados.</translation>
    </message>
    <message>
        <source>&amp;Migrate</source>
        <translation>&amp;Migrar</translation>
    </message>
    <message>
        <source>Open &amp;Read-Only</source>
        <translation>Abrir só de &amp;leitura</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Abrir</translation>
    </message>
    <message>
        <source>Or choose below which rule wins; that is an edit you can undo.</source>
        <translation>Ou escolha abaixo a regra que prevalece; é uma edição que pode anular.</translation>
    </message>
    <message>
        <source>How the legacy rules were migrated when the document was opened.</source>
        <translation>Como as regras antigas foram migradas quando o documento foi aberto.</translation>
    </message>
    <message>
        <source>These routes cannot be read; their profiles are left untouched:</source>
        <translation>Não é possível ler estas rotas; os seus perfis ficam intactos:</translation>
    </message>
    <message>
        <source>%1 — line %2</source>
        <translation>%1 — linha %2</translation>
    </message>
</context>
<context>
    <name>gui::OpenDatabaseDialog</name>
    <message>
        <source>&amp;SQLite file</source>
        <translation>Ficheiro &amp;SQLite</translation>
    </message>
    <message>
        <source>&amp;PostgreSQL server</source>
        <translation>Servidor &amp;PostgreSQL</translation>
    </message>
    <message>
        <source>kandev&apos;s &amp;environment (KANDEV_DATABASE_*)</source>
        <translation>Ambi&amp;ente do kandev (KANDEV_DATABASE_*)</translation>
    </message>
    <message>
        <source>Open kandev Database</source>
        <translation>Abrir base de dados do kandev</translation>
    </message>
    <message>
        <source>The database opens read-only; nothing is written until you save or apply a migration.</source>
        <translation>A base de dados abre só de leitura; nada é escrito até guardar ou aplicar uma migração.</translation>
    </message>
    <message>
        <source>SQLite file</source>
        <translation>Ficheiro SQLite</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>P&amp;rocurar…</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Anfitrião:</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>P&amp;orta:</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Utilizador:</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>Pa&amp;lavra-passe:</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>Base de &amp;dados:</translation>
    </message>
    <message>
        <source>kandev SQLite Database</source>
        <translation>Base de dados SQLite do kandev</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)</source>
        <translation>Bases de dados SQLite (*.db *.sqlite *.sqlite3);;Todos os ficheiros (*)</translation>
    </message>
    <message>
        <source>Choose a SQLite file.</source>
        <translation>Escolha um ficheiro SQLite.</translation>
    </message>
</context>
<context>
    <name>gui::ProblemCountButton</name>
    <message>
        <source>Show the problems in Validation</source>
        <translation>Mostrar os problemas na Validação</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n problema</numerusform>
            <numerusform>%n problemas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::ProfileSettingsBox</name>
    <message>
        <source>Profile enabled</source>
        <translation>Perfil ativado</translation>
    </message>
    <message>
        <source>Profile name:</source>
        <translation>Nome do perfil:</translation>
    </message>
    <message>
        <source>Profile name</source>
        <translation>Nome do perfil</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>Obrigatório</translation>
    </message>
    <message>
        <source>Offered for new tasks and agents.</source>
        <translation>Oferecido para novas tarefas e agentes.</translation>
    </message>
    <message>
        <source>Not offered for new tasks or agents; sessions already routed through it keep running.</source>
        <translation>Não é oferecido para novas tarefas nem agentes; as sessões já encaminhadas através dele continuam em execução.</translation>
    </message>
</context>
<context>
    <name>gui::ReviewChangesDialog</name>
    <message>
        <source>Save Changes — %1</source>
        <translation>Guardar alterações — %1</translation>
    </message>
    <message>
        <source>Review Changes — %1</source>
        <translation>Rever alterações — %1</translation>
    </message>
    <message>
        <source>Nothing to save: the document is as it was read.</source>
        <translation>Nada a guardar: o documento está tal como foi lido.</translation>
    </message>
    <message>
        <source>These changes cannot be saved yet: %1</source>
        <translation>Ainda não é possível guardar estas alterações: %1</translation>
    </message>
    <message>
        <source>Saving writes these changes to %1 (against what was read or last saved):</source>
        <translation>Guardar escreve estas alterações em %1 (em relação ao que foi lido ou guardado pela última vez):</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Alterações</translation>
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
        <translation>Filtrar perfis e candidatos</translation>
    </message>
    <message>
        <source>Dynamic profiles</source>
        <translation>Perfis dinâmicos</translation>
    </message>
</context>
<context>
    <name>gui::ScenarioEditorDialog</name>
    <message>
        <source>Custom Scenario</source>
        <translation>Cenário personalizado</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source>The n-th attempt of the route cycle meets the n-th failure:</source>
        <translation>A n-ésima tentativa do ciclo da rota encontra a n-ésima falha:</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Erro</translation>
    </message>
    <message>
        <source>Reset hint after (s)</source>
        <translation>Indicação de reposição após (s)</translation>
    </message>
    <message>
        <source>Before any output</source>
        <translation>Antes de qualquer saída</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Falhas</translation>
    </message>
    <message>
        <source>&amp;Add Failure</source>
        <translation>&amp;Adicionar falha</translation>
    </message>
    <message>
        <source>&amp;Remove Failure</source>
        <translation>&amp;Remover falha</translation>
    </message>
    <message>
        <source>the last failure repeats</source>
        <translation>a última falha repete-se</translation>
    </message>
    <message>
        <source>the next attempt succeeds</source>
        <translation>a tentativa seguinte é bem-sucedida</translation>
    </message>
    <message>
        <source>Error of failure %1</source>
        <translation>Erro da falha %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <source>Reset hint of failure %1</source>
        <translation>Indicação de reposição da falha %1</translation>
    </message>
    <message>
        <source>Failure %1 came before any output</source>
        <translation>A falha %1 ocorreu antes de qualquer saída</translation>
    </message>
    <message>
        <source>Custom scenario</source>
        <translation>Cenário personalizado</translation>
    </message>
    <message>
        <source>A&amp;fter the last failure:</source>
        <translation>&amp;Depois da última falha:</translation>
    </message>
</context>
<context>
    <name>gui::StartPage</name>
    <message>
        <source>Open File…</source>
        <translation>Abrir ficheiro…</translation>
    </message>
    <message>
        <source>Open kandev Database…</source>
        <translation>Abrir base de dados do kandev…</translation>
    </message>
    <message>
        <source>Open the Sample</source>
        <translation>Abrir o exemplo</translation>
    </message>
    <message>
        <source>New Dynamic Profile</source>
        <translation>Novo perfil dinâmico</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>Ficheiros recentes</translation>
    </message>
    <message>
        <source>Policy Studio</source>
        <translation>Policy Studio</translation>
    </message>
    <message>
        <source>Edit how kandev&apos;s dynamic profiles recover from provider errors: open a profile document, kandev&apos;s own database, or the sample to look around.</source>
        <translation>Edite a forma como os perfis dinâmicos do kandev recuperam de erros do fornecedor: abra um documento de perfil, a própria base de dados do kandev ou o exemplo para explorar.</translation>
    </message>
    <message>
        <source>kandev&apos;s own SQLite database on this machine</source>
        <translation>A própria base de dados SQLite do kandev nesta máquina</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>Abrir %1</translation>
    </message>
</context>
<context>
    <name>gui::SwitchingExplanation</name>
    <message>
        <source>When kandev switches candidates</source>
        <translation>Quando o kandev muda de candidato</translation>
    </message>
</context>
<context>
    <name>gui::TimelineLegend</name>
    <message>
        <source>Legend</source>
        <translation>Legenda</translation>
    </message>
</context>
<context>
    <name>gui::TimelinePanel</name>
    <message>
        <source>Custom scenario</source>
        <translation>Cenário personalizado</translation>
    </message>
    <message>
        <source>&amp;Logarithmic time</source>
        <translation>Tempo &amp;logarítmico</translation>
    </message>
    <message>
        <source>Compare with saved</source>
        <translation>Comparar com o guardado</translation>
    </message>
    <message>
        <source>Timeline views</source>
        <translation>Vistas da cronologia</translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation>Ce&amp;nário:</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Cenário</translation>
    </message>
    <message>
        <source>Edit &amp;Custom…</source>
        <translation>Editar personali&amp;zado…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportar…</translation>
    </message>
    <message>
        <source>Draw the route as it was read or last saved, dashed, under the edited one</source>
        <translation>Desenhar a rota tal como foi lida ou guardada pela última vez, tracejada, por baixo da editada</translation>
    </message>
    <message>
        <source>Timeline events</source>
        <translation>Eventos da cronologia</translation>
    </message>
    <message>
        <source>Route warnings</source>
        <translation>Avisos da rota</translation>
    </message>
    <message>
        <source>Picture</source>
        <translation>Imagem</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabela</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Avisos</translation>
    </message>
    <message>
        <source>Export Timeline</source>
        <translation>Exportar cronologia</translation>
    </message>
    <message>
        <source>SVG image (*.svg);;PNG image (*.png)</source>
        <translation>Imagem SVG (*.svg);;Imagem PNG (*.png)</translation>
    </message>
    <message>
        <source>Cannot Export</source>
        <translation>Não é possível exportar</translation>
    </message>
    <message>
        <source>The timeline could not be written to %1.</source>
        <translation>Não foi possível escrever a cronologia em %1.</translation>
    </message>
    <message>
        <source>timeline</source>
        <translation>cronologia</translation>
    </message>
    <message>
        <source>Warnings (%1)</source>
        <translation>Avisos (%1)</translation>
    </message>
</context>
<context>
    <name>gui::TimelineView</name>
    <message>
        <source>Retry timeline</source>
        <translation>Cronologia das repetições</translation>
    </message>
    <message>
        <source>%1 (removed)</source>
        <extracomment>a lane of the timeline for a candidate only the saved route has</extracomment>
        <translation>%1 (removido)</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source> (off)</source>
        <translation> (desativado)</translation>
    </message>
    <message>
        <source>Open a dynamic profile to preview its retry timeline.</source>
        <translation>Abra um perfil dinâmico para pré-visualizar a sua cronologia de repetições.</translation>
    </message>
    <message>
        <source>stop: action required</source>
        <translation>parar: ação necessária</translation>
    </message>
    <message>
        <source>success</source>
        <translation>sucesso</translation>
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation>não resta nenhum candidato elegível</translation>
    </message>
    <message>
        <source>configuration error</source>
        <translation>erro de configuração</translation>
    </message>
    <message>
        <source>… (event limit)</source>
        <translation>… (limite de eventos)</translation>
    </message>
    <message>
        <source>paused by kandev (circuit open)</source>
        <translation>colocado em pausa pelo kandev (circuito aberto)</translation>
    </message>
    <message>
        <source>reset wait %1</source>
        <translation>espera pela reposição %1</translation>
    </message>
    <message>
        <source>attempt</source>
        <translation>tentativa</translation>
    </message>
    <message>
        <source>retry wait</source>
        <translation>espera da repetição</translation>
    </message>
    <message>
        <source>reset wait</source>
        <translation>espera pela reposição</translation>
    </message>
    <message>
        <source>skip</source>
        <translation>ignorar</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>parar</translation>
    </message>
    <message>
        <source>none left</source>
        <translation>sem candidatos</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>inválido</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>em pausa</translation>
    </message>
    <message>
        <source>A dot is an attempt. A plain bar is the wait before a retry of the same candidate; a hatched bar is a wait for the provider&apos;s reset. An arrow skips to the next candidate. The cycle ends in a diamond (success), a square (stop: a person must act), a triangle (no eligible candidate left) or a cross (a candidate with invalid policies). A pause sign marks a candidate kandev passes over because its circuit is open (live routes only).</source>
        <translation>Um ponto é uma tentativa. Uma barra lisa é a espera antes de uma repetição do mesmo candidato; uma barra às riscas é uma espera pela reposição do fornecedor. Uma seta ignora o candidato e passa ao próximo candidato. O ciclo termina num losango (sucesso), num quadrado (parar: uma pessoa tem de intervir), num triângulo (não resta nenhum candidato elegível) ou numa cruz (um candidato com políticas inválidas). Um sinal de pausa assinala um candidato que o kandev passa à frente porque o seu circuito está aberto (só nas rotas em execução).</translation>
    </message>
    <message>
        <source>While the profile is edited, the route as saved runs under it in each lane, in small outlined and dashed shapes (Compare with saved).</source>
        <translation>Enquanto o perfil é editado, a rota tal como foi guardada aparece por baixo em cada faixa, em pequenas formas contornadas e tracejadas (Comparar com o guardado).</translation>
    </message>
    <message>
        <source>saved, before the edit</source>
        <extracomment>the legend&apos;s entry for the saved route, drawn dashed under the edited one</extracomment>
        <translation>guardada, antes da edição</translation>
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
        <translation>Motivo: %1</translation>
    </message>
</context>
<context>
    <name>gui::TryErrorPanel</name>
    <message>
        <source>The failure came &amp;before any output or tool activity</source>
        <translation>A falha ocorreu antes de &amp;qualquer saída ou atividade de ferramentas</translation>
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation>Mostrar na cronologia</translation>
    </message>
    <message>
        <source>A&amp;gent:</source>
        <translation>A&amp;gente:</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Desconhecido</translation>
    </message>
    <message>
        <source>Agent that printed the error</source>
        <translation>Agente que imprimiu o erro</translation>
    </message>
    <message>
        <source>The kandev agent that printed the error: its own wording is read before provider-neutral wording.</source>
        <translation>O agente do kandev que imprimiu o erro: a sua formulação própria é lida antes da formulação neutra em relação ao fornecedor.</translation>
    </message>
    <message>
        <source>Phase:</source>
        <translation>Fase:</translation>
    </message>
    <message>
        <source>Not known</source>
        <translation>Desconhecida</translation>
    </message>
    <message>
        <source>%1 (before the agent runs)</source>
        <translation>%1 (antes de o agente ser executado)</translation>
    </message>
    <message>
        <source>%1 (agent running)</source>
        <translation>%1 (agente em execução)</translation>
    </message>
    <message>
        <source>Phase of the failure</source>
        <translation>Fase da falha</translation>
    </message>
    <message>
        <source>When the error happened. An error no rule knows is unknown_provider_error before the agent runs and agent_runtime_error after it; both stop.</source>
        <translation>Quando o erro ocorreu. Um erro que nenhuma regra conhece é unknown_provider_error antes de o agente ser executado e agent_runtime_error depois; ambos param.</translation>
    </message>
    <message>
        <source>Paste an error: the response (an optional &quot;HTTP/1.1 429&quot; line, headers, a blank line, the body), or an agent&apos;s stderr (an optional &quot;exit code: 127&quot; line first). What you paste is read as the error&apos;s own words, as if it had failed with an error status.</source>
        <translation>Cole um erro: a resposta (uma linha &quot;HTTP/1.1 429&quot; opcional, os cabeçalhos, uma linha em branco, o corpo) ou o stderr de um agente (primeiro, uma linha &quot;exit code: 127&quot; opcional). O que colar é lido como as palavras do próprio erro, como se tivesse falhado com um estado de erro.</translation>
    </message>
    <message>
        <source>Raw error</source>
        <translation>Erro em bruto</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
</context>
<context>
    <name>gui::ValidationPane</name>
    <message>
        <source>Validation problems</source>
        <translation>Problemas de validação</translation>
    </message>
    <message>
        <source>Nothing is open.</source>
        <translation>Nada está aberto.</translation>
    </message>
    <message>
        <source>Read-only: %1. Nothing can be saved.</source>
        <translation>Só de leitura: %1. Não é possível guardar nada.</translation>
    </message>
    <message numerus="yes">
        <source>Read-only: %1. %n problem(s):</source>
        <translation>
            <numerusform>Só de leitura: %1. %n problema:</numerusform>
            <numerusform>Só de leitura: %1. %n problemas:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No problems: this profile can be saved. %n warning(s) about what kandev may refuse.</source>
        <translation>
            <numerusform>Sem problemas: este perfil pode ser guardado. %n aviso sobre o que o kandev pode recusar.</numerusform>
            <numerusform>Sem problemas: este perfil pode ser guardado. %n avisos sobre o que o kandev pode recusar.</numerusform>
        </translation>
    </message>
    <message>
        <source>No problems: this profile can be saved.</source>
        <translation>Sem problemas: este perfil pode ser guardado.</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) must be fixed before saving. Activate one to go to its field.</source>
        <translation>
            <numerusform>%n problema tem de ser corrigido antes de guardar. Ative-o para ir para o respetivo campo.</numerusform>
            <numerusform>%n problemas têm de ser corrigidos antes de guardar. Ative um deles para ir para o respetivo campo.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n house rule(s) broken; the rules file lets you save anyway.</source>
        <translation>
            <numerusform>%n regra da casa violada; o ficheiro de regras permite guardar mesmo assim.</numerusform>
            <numerusform>%n regras da casa violadas; o ficheiro de regras permite guardar mesmo assim.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::WhatHappensPanel</name>
    <message>
        <source>The provider reports a reset in</source>
        <translation>O fornecedor indica uma reposição daqui a</translation>
    </message>
    <message>
        <source>before any output or tool activity</source>
        <translation>antes de qualquer saída ou atividade de ferramentas</translation>
    </message>
    <message>
        <source>the reset wait was already used</source>
        <translation>a espera pela reposição já foi usada</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>Erro:</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — unclassified</source>
        <translation>%1 — não classificado</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Erro</translation>
    </message>
    <message>
        <source>Reset in</source>
        <translation>Reposição daqui a</translation>
    </message>
    <message>
        <source>The failure came:</source>
        <translation>A falha ocorreu:</translation>
    </message>
    <message>
        <source>Retries already made:</source>
        <translation>Repetições já feitas:</translation>
    </message>
    <message>
        <source>Decision:</source>
        <translation>Decisão:</translation>
    </message>
    <message>
        <source>Select a candidate.</source>
        <translation>Selecione um candidato.</translation>
    </message>
</context>
<context>
    <name>model::CandidateListModel</name>
    <message>
        <source>Stale: profile not found</source>
        <translation>Obsoleto: perfil não encontrado</translation>
    </message>
    <message>
        <source>Stale: profile deleted</source>
        <translation>Obsoleto: perfil eliminado</translation>
    </message>
    <message>
        <source>Ineligible: profile disabled</source>
        <translation>Não elegível: perfil desativado</translation>
    </message>
    <message>
        <source>Ineligible: auto fallback</source>
        <translation>Não elegível: alternativa automática</translation>
    </message>
    <message>
        <source>Ineligible: dynamic profile</source>
        <translation>Não elegível: perfil dinâmico</translation>
    </message>
    <message>
        <source>Ineligible: references itself</source>
        <translation>Não elegível: referencia-se a si próprio</translation>
    </message>
    <message>
        <source>Ineligible: named twice</source>
        <translation>Não elegível: indicado duas vezes</translation>
    </message>
    <message>
        <source>Ineligible: profile has no agent</source>
        <translation>Não elegível: o perfil não tem agente</translation>
    </message>
    <message>
        <source>Ineligible: Office profile</source>
        <translation>Não elegível: perfil do Office</translation>
    </message>
    <message>
        <source>Warning: agent may not be launchable</source>
        <translation>Aviso: pode não ser possível iniciar o agente</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n problema</numerusform>
            <numerusform>%n problemas</numerusform>
        </translation>
    </message>
    <message>
        <source>Agent profile: %1</source>
        <translation>Perfil de agente: %1</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Ativado</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>Desativado</translation>
    </message>
    <message>
        <source>Legacy rules</source>
        <translation>Regras antigas</translation>
    </message>
    <message>
        <source>Position %1 in the route</source>
        <translation>Posição %1 na rota</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>Políticas</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message numerus="yes">
        <source>House rule(s): %1</source>
        <extracomment>%1: the ids of the house rules a candidate breaks</extracomment>
        <translation>
            <numerusform>Regra da casa: %1</numerusform>
            <numerusform>Regras da casa: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::Commands</name>
    <message>
        <source>Enable %1</source>
        <translation>Ativar %1</translation>
    </message>
    <message>
        <source>Disable %1</source>
        <translation>Desativar %1</translation>
    </message>
    <message>
        <source>Move %1 up to position %2</source>
        <translation>Mover %1 para cima, para a posição %2</translation>
    </message>
    <message>
        <source>Move %1 down to position %2</source>
        <translation>Mover %1 para baixo, para a posição %2</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>Adicionar %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Remover %1</translation>
    </message>
    <message>
        <source>Rename the profile to &quot;%1&quot;</source>
        <translation>Mudar o nome do perfil para &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Enable the profile %1</source>
        <translation>Ativar o perfil %1</translation>
    </message>
    <message>
        <source>Disable the profile %1</source>
        <translation>Desativar o perfil %1</translation>
    </message>
    <message>
        <source>New dynamic profile</source>
        <translation>Novo perfil dinâmico</translation>
    </message>
    <message>
        <source>Delete the profile %1</source>
        <translation>Eliminar o perfil %1</translation>
    </message>
</context>
<context>
    <name>model::EditorDocument</name>
    <message>
        <source>Untitled</source>
        <translation>Sem título</translation>
    </message>
    <message>
        <source>a row of this profile holds a value that cannot be read</source>
        <translation>uma linha deste perfil contém um valor que não é possível ler</translation>
    </message>
    <message>
        <source>a route of this profile has a policy version newer than this build; saving could lose what it means</source>
        <translation>uma rota deste perfil tem uma versão de política mais recente do que esta compilação; guardar poderia perder o seu significado</translation>
    </message>
    <message>
        <source>its legacy rules cannot be migrated (%1); settle them in kandev and open the database again</source>
        <translation>não é possível migrar as suas regras antigas (%1); resolva-as no kandev e abra novamente a base de dados</translation>
    </message>
    <message>
        <source>%1 is open read-only: %2</source>
        <translation>%1 está aberto só de leitura: %2</translation>
    </message>
    <message numerus="yes">
        <source>The document has %n problem(s); fix them before saving.</source>
        <translation>
            <numerusform>O documento tem %n problema; corrija-o antes de guardar.</numerusform>
            <numerusform>O documento tem %n problemas; corrija-os antes de guardar.</numerusform>
        </translation>
    </message>
    <message>
        <source>The document as it would be written does not pass validation, so it is not written:
%1</source>
        <translation>O documento, tal como seria escrito, não passa na validação, por isso não é escrito:
%1</translation>
    </message>
    <message>
        <source>Profile %1 is read-only: %2</source>
        <translation>O perfil %1 é só de leitura: %2</translation>
    </message>
    <message>
        <source>Profile %1 as it would be written does not pass validation, so nothing is written:
%2</source>
        <translation>O perfil %1, tal como seria escrito, não passa na validação, por isso nada é escrito:
%2</translation>
    </message>
    <message>
        <source>Nothing was saved: %1</source>
        <translation>Nada foi guardado: %1</translation>
    </message>
    <message>
        <source>%1 holds no dynamic profile to edit.</source>
        <translation>%1 não contém nenhum perfil dinâmico para editar.</translation>
    </message>
    <message numerus="yes">
        <source>The house rules forbid saving while %n of them are broken (the rules file says they block).</source>
        <translation>
            <numerusform>As regras da casa proíbem guardar enquanto %n delas estiver violada (o ficheiro de regras diz que bloqueiam).</numerusform>
            <numerusform>As regras da casa proíbem guardar enquanto %n delas estiverem violadas (o ficheiro de regras diz que bloqueiam).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::FleetModel</name>
    <message>
        <source>stops at once</source>
        <translation>para de imediato</translation>
    </message>
    <message>
        <source>none left</source>
        <translation>nenhum restante</translation>
    </message>
    <message>
        <source>%1, then stop</source>
        <translation>%1, depois para</translation>
    </message>
    <message>
        <source>%1, then none left</source>
        <translation>%1, depois nenhum restante</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>ativado</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>desativado</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n enabled</source>
        <translation>
            <numerusform>%1 de %n ativado</numerusform>
            <numerusform>%1 de %n ativados</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n erro</numerusform>
            <numerusform>%n erros</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n aviso</numerusform>
            <numerusform>%n avisos</numerusform>
        </translation>
    </message>
    <message>
        <source>Profile id: %1</source>
        <translation>Id do perfil: %1</translation>
    </message>
    <message>
        <source>The longest a route cycle can hold a task for %1 before it stops for a person or no candidate is left.</source>
        <translation>O tempo máximo que um ciclo da rota pode reter uma tarefa com %1 antes de parar até uma pessoa intervir ou de não restar nenhum candidato.</translation>
    </message>
    <message>
        <source>Attempts in the worst-case cycle: %1 for transient errors, %2 for hard errors.</source>
        <translation>Tentativas no pior ciclo da rota: %1 com erros transitórios, %2 com erros permanentes.</translation>
    </message>
    <message>
        <source>Some enabled candidate names a profile whose agent the document does not say.</source>
        <translation>Um candidato ativado indica um perfil cujo agente o documento não diz.</translation>
    </message>
    <message>
        <source>Rules broken: %1</source>
        <translation>Regras violadas: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n excepted by the rules file.</source>
        <translation>
            <numerusform>%n isentada pelo ficheiro de regras.</numerusform>
            <numerusform>%n isentadas pelo ficheiro de regras.</numerusform>
        </translation>
    </message>
    <message>
        <source>kandev&apos;s limits</source>
        <translation>os limites do kandev</translation>
    </message>
    <message>
        <source>kandev&apos;s candidate rules</source>
        <translation>as regras de candidatos do kandev</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Perfil</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Candidatos</translation>
    </message>
    <message>
        <source>Hold, transient</source>
        <translation>Retenção, transitórios</translation>
    </message>
    <message>
        <source>Hold, hard</source>
        <translation>Retenção, permanentes</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Tentativas</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Fornecedores</translation>
    </message>
    <message>
        <source>Live routes</source>
        <translation>Rotas em execução</translation>
    </message>
    <message>
        <source>Violations</source>
        <translation>Violações</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n time(s))</source>
        <translation>
            <numerusform>%1 (%n vez)</numerusform>
            <numerusform>%1 (%n vezes)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::HouseRules</name>
    <message>
        <source>House rules: none</source>
        <translation>Regras da casa: nenhuma</translation>
    </message>
    <message>
        <source>House rules: %1 cannot be used</source>
        <translation>Regras da casa: %1 não pode ser usado</translation>
    </message>
    <message>
        <source>House rules: %1 (chosen in the settings)</source>
        <translation>Regras da casa: %1 (escolhido nas definições)</translation>
    </message>
    <message>
        <source>House rules: %1 (found beside the document)</source>
        <translation>Regras da casa: %1 (encontrado junto ao documento)</translation>
    </message>
    <message>
        <source>House rules: %1 (found beside the database)</source>
        <translation>Regras da casa: %1 (encontrado junto à base de dados)</translation>
    </message>
    <message>
        <source>No rules file is chosen in the settings, and there is no %1 in the document&apos;s folder or a parent: only kandev&apos;s own rules are checked.</source>
        <translation>Não há ficheiro de regras escolhido nas definições, nem %1 na pasta do documento ou numa pasta acima: só as regras do próprio kandev são verificadas.</translation>
    </message>
    <message numerus="yes">
        <source>%1:%2:%3: %4 (%n problem(s) in all; policyctl lint --rules lists them)</source>
        <translation>
            <numerusform>%1:%2:%3: %4 (%n problema no total; policyctl lint --rules lista-o)</numerusform>
            <numerusform>%1:%2:%3: %4 (%n problemas no total; policyctl lint --rules lista-os)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::LiveRoutesModel</name>
    <message>
        <source>Selecting</source>
        <translation>A selecionar</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>A iniciar</translation>
    </message>
    <message>
        <source>Waiting (no candidate)</source>
        <translation>A aguardar (sem candidato)</translation>
    </message>
    <message>
        <source>Retrying</source>
        <translation>A repetir</translation>
    </message>
    <message>
        <source>Retry wait</source>
        <translation>Espera da repetição</translation>
    </message>
    <message>
        <source>Waiting for reset</source>
        <translation>A aguardar pela reposição</translation>
    </message>
    <message>
        <source>Action required</source>
        <translation>Ação necessária</translation>
    </message>
    <message>
        <source>Unknown: %1</source>
        <translation>Desconhecido: %1</translation>
    </message>
    <message>
        <source>due</source>
        <translation>agora</translation>
    </message>
    <message>
        <source>Deadline %1, due now.</source>
        <translation>Prazo %1, vence agora.</translation>
    </message>
    <message>
        <source>Deadline %1, in %2.</source>
        <translation>Prazo %1, daqui a %2.</translation>
    </message>
    <message>
        <source>unknown: %1</source>
        <translation>desconhecido: %1</translation>
    </message>
    <message>
        <source>wait up to %1 for a reset</source>
        <translation>aguardar até %1 pela reposição</translation>
    </message>
    <message numerus="yes">
        <source>%n retries from %1</source>
        <translation>
            <numerusform>%n repetição a partir de %1</numerusform>
            <numerusform>%n repetições a partir de %1</numerusform>
        </translation>
    </message>
    <message>
        <source>no wait, no retry</source>
        <translation>sem espera, sem repetição</translation>
    </message>
    <message>
        <source>, then </source>
        <translation>, depois </translation>
    </message>
    <message>
        <source>skip, but no candidate is left (the route waits)</source>
        <translation>ignorar, mas não resta nenhum candidato (a rota aguarda)</translation>
    </message>
    <message>
        <source>skip to %1</source>
        <translation>ignorar e passar a %1</translation>
    </message>
    <message>
        <source>stop for a person</source>
        <translation>parar até uma pessoa intervir</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: retry %1 of %2 in %3, then %4.</source>
        <translation>Se o mesmo erro se repetir no prazo: repetição %1 de %2 daqui a %3, depois %4.</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: wait %1 for the provider&apos;s reset, then %2.</source>
        <translation>Se o mesmo erro se repetir no prazo: aguardar %1 pela reposição do fornecedor, depois %2.</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: %1.</source>
        <translation>Se o mesmo erro se repetir no prazo: %1.</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: stop for a person (the error is not classified).</source>
        <translation>Se o mesmo erro se repetir no prazo: parar até uma pessoa intervir (o erro não está classificado).</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: stop for a person.</source>
        <translation>Se o mesmo erro se repetir no prazo: parar até uma pessoa intervir.</translation>
    </message>
    <message>
        <source>%1: scheduled under %2; you are editing %3.</source>
        <translation>%1: agendado com %2; está a editar %3.</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>ilegível</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>difere</translation>
    </message>
    <message>
        <source>same</source>
        <translation>igual</translation>
    </message>
    <message>
        <source>Agent profile %1</source>
        <translation>Perfil de agente %1</translation>
    </message>
    <message>
        <source>This route&apos;s row cannot be read: %1</source>
        <translation>Não é possível ler a linha desta rota: %1</translation>
    </message>
    <message>
        <source>policy_state_json cannot be read: %1</source>
        <translation>Não é possível ler policy_state_json: %1</translation>
    </message>
    <message>
        <source>The policy it was scheduled under cannot be read: %1</source>
        <translation>Não é possível ler a política com que foi agendada: %1</translation>
    </message>
    <message>
        <source>What the route does when its waits and retries are used up (the pending outcome it was scheduled with)</source>
        <translation>O que a rota faz quando as esperas e as repetições se esgotam (o resultado pendente com que foi agendada)</translation>
    </message>
    <message>
        <source>The classes whose wait for a provider reset this route cycle has used</source>
        <translation>As classes cuja espera pela reposição do fornecedor já foi usada neste ciclo da rota</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sessão</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Falha</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Repetição</translation>
    </message>
    <message>
        <source>Reset waits</source>
        <translation>Esperas pela reposição</translation>
    </message>
    <message>
        <source>Then</source>
        <translation>Depois</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>Prazo</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>Restante</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Versão</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Política</translation>
    </message>
</context>
<context>
    <name>model::ProfileListModel</name>
    <message numerus="yes">
        <source>%1 — %n candidate(s)</source>
        <translation>
            <numerusform>%1 — %n candidato</numerusform>
            <numerusform>%1 — %n candidatos</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 [disabled]</source>
        <extracomment>A dynamic profile switched off (agent_profiles.enabled), as the Route dock lists it.</extracomment>
        <translation>%1 [desativado]</translation>
    </message>
</context>
<context>
    <name>model::TimelineEventModel</name>
    <message>
        <source>Time</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Erro</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Decisão</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Motivo</translation>
    </message>
</context>
<context>
    <name>model::TimelinePreview</name>
    <message>
        <source>Attempt %1</source>
        <translation>Tentativa %1</translation>
    </message>
    <message>
        <source>Retry %1 after %2</source>
        <translation>Repetição %1 após %2</translation>
    </message>
    <message>
        <source>Reset wait %1</source>
        <translation>Espera pela reposição %1</translation>
    </message>
    <message>
        <source>Skip to the next candidate</source>
        <translation>Ignorar e passar ao próximo candidato</translation>
    </message>
    <message>
        <source>Stop: action required</source>
        <translation>Parar: ação necessária</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>Sucesso</translation>
    </message>
    <message>
        <source>No eligible candidate left</source>
        <translation>Não resta nenhum candidato elegível</translation>
    </message>
    <message>
        <source>Configuration error</source>
        <translation>Erro de configuração</translation>
    </message>
    <message>
        <source>Simulation stopped at its event limit</source>
        <translation>A simulação parou no limite de eventos</translation>
    </message>
    <message>
        <source>Passed over: circuit open for %1</source>
        <translation>Passado à frente: circuito aberto durante %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>%1: what the error is (&quot;model at capacity&quot;), %2: its class (&quot;transient errors&quot;)</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 · retry ordinal %2 · until +%3 · then %4</source>
        <extracomment>%3: the deadline as an offset from the first failure</extracomment>
        <translation>%1 · repetição n.º %2 · até +%3 · depois %4</translation>
    </message>
    <message>
        <source>%1 · trusted reset at +%2 · then %3</source>
        <translation>%1 · reposição fiável em +%2 · depois %3</translation>
    </message>
    <message>
        <source>%1 · safety gate: unclassified or after side effects</source>
        <translation>%1 · barreira de segurança: não classificado ou após efeitos secundários</translation>
    </message>
    <message>
        <source>%1 · %2 · until %3</source>
        <translation>%1 · %2 · até %3</translation>
    </message>
    <message>
        <source>The provider reports a trusted reset in %1, within this candidate&apos;s %2 maximum wait for %3, so it waits and tries once more.</source>
        <translation>O fornecedor indica uma reposição fiável daqui a %1, dentro da espera máxima de %2 deste candidato para os %3, por isso aguarda e tenta mais uma vez.</translation>
    </message>
    <message>
        <source>Retry %1 of %2: the first retry after %3, doubled for each retry after it.</source>
        <translation>Repetição %1 de %2: a primeira repetição após %3, com o intervalo duplicado em cada repetição seguinte.</translation>
    </message>
    <message numerus="yes">
        <source>All %n retry(s) are used.</source>
        <translation>
            <numerusform>%n repetição usada: não resta nenhuma.</numerusform>
            <numerusform>As %n repetições foram todas usadas.</numerusform>
        </translation>
    </message>
    <message>
        <source>Retrying is off for %1 on this candidate.</source>
        <translation>A repetição está desativada para os %1 neste candidato.</translation>
    </message>
    <message>
        <source>Once recovery is exhausted, %1 on this candidate skip to the next candidate.</source>
        <translation>Depois de esgotar a recuperação, os %1 neste candidato levam a ignorá-lo e passar ao próximo candidato.</translation>
    </message>
    <message>
        <source>Once recovery is exhausted, %1 on this candidate stop for manual recovery.</source>
        <translation>Depois de esgotar a recuperação, os %1 neste candidato param para recuperação manual.</translation>
    </message>
    <message>
        <source>Attempt %1 succeeds in this scenario.</source>
        <translation>A tentativa %1 é bem-sucedida neste cenário.</translation>
    </message>
    <message>
        <source>Every later candidate is disabled or was skipped: no candidate is left to try.</source>
        <translation>Todos os candidatos seguintes estão desativados ou foram ignorados: não resta nenhum candidato para tentar.</translation>
    </message>
    <message>
        <source>This candidate&apos;s policies are not valid (%1), so the cycle stops here.</source>
        <translation>As políticas deste candidato não são válidas (%1), por isso o ciclo para aqui.</translation>
    </message>
    <message>
        <source>The scenario never ends; the preview stops at its event limit.</source>
        <translation>O cenário nunca termina; a pré-visualização para no limite de eventos.</translation>
    </message>
    <message>
        <source>kandev paused %1 after %2 until %3; a candidate whose circuit is open is passed over without an attempt.</source>
        <extracomment>%1: a resource key such as profile:claude-sonnet, %2: a failure code, %3: a time</extracomment>
        <translation>O kandev colocou %1 em pausa após %2 até %3; um candidato cujo circuito está aberto é passado à frente sem nenhuma tentativa.</translation>
    </message>
    <message>
        <source>success</source>
        <translation>sucesso</translation>
    </message>
    <message>
        <source>stop for manual recovery</source>
        <translation>paragem para recuperação manual</translation>
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation>falta de candidatos elegíveis</translation>
    </message>
    <message>
        <source>a configuration error</source>
        <translation>um erro de configuração</translation>
    </message>
    <message>
        <source>the event limit</source>
        <translation>o limite de eventos</translation>
    </message>
    <message numerus="yes">
        <source>%n attempt(s) in %1, ending in %2.</source>
        <translation>
            <numerusform>%n tentativa em %1; o ciclo termina com %2.</numerusform>
            <numerusform>%n tentativas em %1; o ciclo termina com %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, then stop on %2</source>
        <translation>%1, depois paragem em %2</translation>
    </message>
    <message>
        <source>%1, then no eligible candidate</source>
        <translation>%1, depois nenhum candidato elegível</translation>
    </message>
    <message>
        <source>Worst case from the first failure: transient errors %1; hard errors %2.</source>
        <translation>Pior caso a partir da primeira falha: erros transitórios %1; erros permanentes %2.</translation>
    </message>
    <message>
        <source>%1 is disabled and never tried.</source>
        <translation>%1 está desativado e nunca é tentado.</translation>
    </message>
    <message>
        <source>%1 is invalid and stops every cycle that reaches it.</source>
        <translation>%1 é inválido e para todos os ciclos que o alcançam.</translation>
    </message>
    <message>
        <source>%1 is never reached for %2: an earlier candidate stops.</source>
        <translation>%1 nunca é alcançado para os %2: um candidato anterior para.</translation>
    </message>
    <message>
        <source>Every candidate skips %1: the route ends with no eligible candidate.</source>
        <translation>Todos os candidatos ignoram os %1: a rota termina sem nenhum candidato elegível.</translation>
    </message>
    <message>
        <source>%1 retries hard errors without a reset wait; quota and credential errors rarely clear that fast.</source>
        <translation>%1 repete erros permanentes sem espera pela reposição; os erros de quota e de credenciais raramente se resolvem tão depressa.</translation>
    </message>
    <message>
        <source>No candidate is enabled.</source>
        <translation>Nenhum candidato está ativado.</translation>
    </message>
    <message>
        <source>%1 references a profile it may not use; kandev will not run it.</source>
        <translation>%1 referencia um perfil que não pode usar; o kandev não o executará.</translation>
    </message>
    <message numerus="yes">
        <source>The simulation stopped after %n event(s).</source>
        <translation>
            <numerusform>A simulação parou após %n evento.</numerusform>
            <numerusform>A simulação parou após %n eventos.</numerusform>
        </translation>
    </message>
    <message>
        <source>Retry timeline for the scenario %1. %2</source>
        <translation>Cronologia das repetições para o cenário %1. %2</translation>
    </message>
    <message>
        <source>Compared with the saved policy: %1.</source>
        <extracomment>%1: what the edit does to the route (&quot;+1 attempt, 40 s longer&quot;); the saved route is drawn dashed</extracomment>
        <translation>Em comparação com a política guardada: %1.</translation>
    </message>
    <message>
        <source>This candidate&apos;s configuration cannot be simulated.</source>
        <translation>Não é possível simular a configuração deste candidato.</translation>
    </message>
</context>
<context>
    <name>model::ValidationModel</name>
    <message>
        <source>Problem</source>
        <translation>Problema</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Campo</translation>
    </message>
</context>
</TS>
