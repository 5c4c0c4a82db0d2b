<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>BomExport</name>
    <message>
        <source>Output tokens/s vs concurrent requests</source>
        <translation>输出令牌/秒与并发请求数</translation>
    </message>
    <message>
        <source>No estimate</source>
        <translation>无估算</translation>
    </message>
    <message>
        <source>Concurrent requests (log scale)</source>
        <translation>并发请求数（对数刻度）</translation>
    </message>
    <message>
        <source>target: {n}</source>
        <translation>目标：{n}</translation>
    </message>
    <message>
        <source>shaded: +/- {pct} % confidence band</source>
        <translation>阴影：+/- {pct} % 置信区间</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>机箱</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Network cards</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>Drives</source>
        <translation>硬盘</translation>
    </message>
    <message>
        <source>Power supplies</source>
        <translation>电源</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>A line amount is unit price x quantity, rounded half-up to the cent; subtotals are sums of line amounts; discount = subtotal x discount %, rounded half-up to the cent; tax = (subtotal - discount) x tax %, rounded half-up to the cent; total = subtotal - discount + tax.</source>
        <translation>行金额 = 单价 x 数量，四舍五入到分；小计为各行金额之和；折扣 = 小计 x 折扣率，四舍五入到分；税额 =（小计 - 折扣）x 税率，四舍五入到分；总计 = 小计 - 折扣 + 税额。</translation>
    </message>
    <message>
        <source>price on request (listed in {currency}, no exchange rate)</source>
        <translation>价格另询（以 {currency} 标价，无汇率）</translation>
    </message>
    <message>
        <source>price on request</source>
        <translation>价格另询</translation>
    </message>
    <message>
        <source>Quote {number}</source>
        <translation>报价单 {number}</translation>
    </message>
    <message>
        <source>Configuration {hash}</source>
        <translation>配置 {hash}</translation>
    </message>
    <message>
        <source>Page {page} of {total}</source>
        <translation>第 {page} 页，共 {total} 页</translation>
    </message>
    <message>
        <source>Quotation and bill of materials</source>
        <translation>报价单及物料清单</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>客户</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Prepared by</source>
        <translation>编制人</translation>
    </message>
    <message>
        <source>Quote number</source>
        <translation>报价单号</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <source>Configuration hash</source>
        <translation>配置哈希</translation>
    </message>
    <message>
        <source>Catalog version</source>
        <translation>部件库版本</translation>
    </message>
    <message>
        <source>Builds in this quote</source>
        <translation>本报价包含的配置</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Total ({currency})</source>
        <translation>总计（{currency}）</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>{errors} errors, {warnings} warnings</source>
        <translation>{errors} 个错误，{warnings} 个警告</translation>
    </message>
    <message>
        <source>* Some items are priced on request; they are not included in the total.</source>
        <translation>* 部分物料价格另询，未计入总计。</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>from {currency} {amount}</source>
        <translation>原价 {currency} {amount}</translation>
    </message>
    <message>
        <source>reference price {reference}, more than a year old; not a quotation</source>
        <translation>参考价 {reference}，已超过一年；非正式报价</translation>
    </message>
    <message>
        <source>reference price {reference}, not a quotation</source>
        <translation>参考价 {reference}，非正式报价</translation>
    </message>
    <message>
        <source>{n} error(s)</source>
        <translation>{n} 个错误</translation>
    </message>
    <message>
        <source>no GPUs</source>
        <translation>无 GPU</translation>
    </message>
    <message>
        <source>Draft, not ready to order ({why}): included because it was chosen for this quote.</source>
        <translation>草稿，尚不可下单（{why}）：因已选入本报价而列出。</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Qty/node</source>
        <translation>每节点数量</translation>
    </message>
    <message>
        <source>Qty</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Unit price ({currency})</source>
        <translation>单价（{currency}）</translation>
    </message>
    <message>
        <source>Extended ({currency})</source>
        <translation>金额（{currency}）</translation>
    </message>
    <message>
        <source>Subtotal {category}</source>
        <translation>小计：{category}</translation>
    </message>
    <message>
        <source>(excludes {n} on request)</source>
        <translation>（不含 {n} 项价格另询）</translation>
    </message>
    <message>
        <source>Subtotal</source>
        <translation>小计</translation>
    </message>
    <message>
        <source>Discount {pct} %</source>
        <translation>折扣 {pct} %</translation>
    </message>
    <message>
        <source>Net after discount</source>
        <translation>折后金额</translation>
    </message>
    <message>
        <source>Tax</source>
        <translation>税额</translation>
    </message>
    <message>
        <source>{label} {pct} %</source>
        <translation>{label} {pct} %</translation>
    </message>
    <message>
        <source>Total ({currency}), excluding items priced on request</source>
        <translation>总计（{currency}），不含价格另询的物料</translation>
    </message>
    <message>
        <source>Incomplete total: {n} item(s) priced on request are not included: {skus}</source>
        <translation>总计不完整：{n} 项价格另询的物料未计入：{skus}</translation>
    </message>
    <message>
        <source>Estimate, not a quotation: {n} item(s) at reference prices ({skus}); ask for a dated vendor quote before ordering. Where each reference price comes from:</source>
        <translation>估算，非正式报价：{n} 项按参考价计（{skus}）；下单前请向厂商索取注明日期的正式报价。各参考价的来源：</translation>
    </message>
    <message>
        <source>published price</source>
        <translation>公开价格</translation>
    </message>
    <message>
        <source>midpoint of a published range</source>
        <translation>公开价格区间的中间值</translation>
    </message>
    <message>
        <source>estimate from a related part</source>
        <translation>根据相关部件估算</translation>
    </message>
    <message>
        <source>{part}: {price}, {kind}. {source}</source>
        <translation>{part}：{price}，{kind}。{source}</translation>
    </message>
    <message>
        <source>{value} W</source>
        <translation>{value} W</translation>
    </message>
    <message>
        <source>{value} kW</source>
        <translation>{value} kW</translation>
    </message>
    <message>
        <source>{value} ms</source>
        <translation>{value} ms</translation>
    </message>
    <message>
        <source>Power per node, maximum</source>
        <translation>每节点功耗（最大）</translation>
    </message>
    <message>
        <source>{dc} at the PSUs, {ac} at the wall</source>
        <translation>电源输出端 {dc}，市电输入端 {ac}</translation>
    </message>
    <message>
        <source>Vendor&apos;s maximum</source>
        <translation>厂商标称最大值</translation>
    </message>
    <message>
        <source>{ac} at the wall ({source})</source>
        <translation>市电输入端 {ac}（{source}）</translation>
    </message>
    <message>
        <source>Power, all {n} nodes</source>
        <translation>功耗（全部 {n} 个节点）</translation>
    </message>
    <message>
        <source>Maximum by component</source>
        <translation>各部件最大功耗</translation>
    </message>
    <message>
        <source>{count} x {rating}, {mode} redundancy, usable {usable} at {volts} V</source>
        <translation>{count} x {rating}，{mode} 冗余，{volts} V 下可用 {usable}</translation>
    </message>
    <message>
        <source>none placed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>Heat per node</source>
        <translation>每节点发热量</translation>
    </message>
    <message>
        <source>{btu} BTU/h ({watts})</source>
        <translation>{btu} BTU/h（{watts}）</translation>
    </message>
    <message>
        <source>P99 {p99}</source>
        <translation>P99 {p99}</translation>
    </message>
    <message>
        <source>P99 target {target}</source>
        <translation>P99 目标 {target}</translation>
    </message>
    <message>
        <source>power</source>
        <translation>供电</translation>
    </message>
    <message>
        <source>gpu</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>dimm</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>nic</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>drive</source>
        <translation>硬盘</translation>
    </message>
    <message>
        <source>chassis</source>
        <translation>机箱</translation>
    </message>
    <message>
        <source>rack units</source>
        <translation>机架空间</translation>
    </message>
    <message>
        <source>cooling</source>
        <translation>散热</translation>
    </message>
    <message>
        <source>office-air</source>
        <translation>办公室空调</translation>
    </message>
    <message>
        <source>air-perimeter</source>
        <translation>房间级空调</translation>
    </message>
    <message>
        <source>air-containment</source>
        <translation>封闭通道风冷</translation>
    </message>
    <message>
        <source>rear-door</source>
        <translation>背板换热器</translation>
    </message>
    <message>
        <source>direct-liquid</source>
        <translation>直接液冷</translation>
    </message>
    <message>
        <source>immersion</source>
        <translation>浸没式液冷</translation>
    </message>
    <message>
        <source>vendor specification</source>
        <translation>厂商规格</translation>
    </message>
    <message>
        <source>Part number</source>
        <translation>料号</translation>
    </message>
    <message>
        <source>Power per node at the wall</source>
        <translation>每节点市电输入端功耗</translation>
    </message>
    <message>
        <source>attention data-parallel over the TP group (engine setting: TensorRT-LLM enable_attention_dp, SGLang --enable-dp-attention, vLLM --data-parallel-size with --enable-expert-parallel)</source>
        <translation>在 TP 组内注意力数据并行（引擎设置：TensorRT-LLM enable_attention_dp，SGLang --enable-dp-attention，vLLM --data-parallel-size 加 --enable-expert-parallel）</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>At the load</source>
        <translation>负载下</translation>
    </message>
    <message>
        <source>Max (sizing)</source>
        <translation>最大（选型依据）</translation>
    </message>
    <message>
        <source>Extreme</source>
        <translation>极限</translation>
    </message>
    <message>
        <source>Per node</source>
        <translation>每节点</translation>
    </message>
    <message>
        <source>Per rack</source>
        <translation>每机柜</translation>
    </message>
    <message>
        <source>GPUs at {watts} each at the operating point (the estimate at the load); heat at the load {btu} BTU/h</source>
        <translation>GPU 按工作点每块 {watts} 计（取自该负载下的估算）；负载下发热量 {btu} BTU/h</translation>
    </message>
    <message>
        <source>GPUs at the profile&apos;s typical share of their power (no estimate at the load); heat at the load {btu} BTU/h</source>
        <translation>GPU 按规则配置中的典型功耗占比计（无该负载下的估算）；负载下发热量 {btu} BTU/h</translation>
    </message>
    <message>
        <source>Power at the wall</source>
        <translation>市电输入端功耗</translation>
    </message>
    <message>
        <source>{max} maximum, {load} at the load, at the wall</source>
        <translation>市电输入端：最大 {max}，负载下 {load}</translation>
    </message>
    <message>
        <source>Nodes per rack</source>
        <translation>每机柜节点数</translation>
    </message>
    <message>
        <source>{n} (limited by {binding}; limits: {limits})</source>
        <translation>{n}（受{binding}限制；各项上限：{limits}）</translation>
    </message>
    <message>
        <source>none: one node exceeds the rack&apos;s power or cooling</source>
        <translation>无：单个节点已超出机柜的供电或散热能力</translation>
    </message>
    <message>
        <source>Rack power vs budget</source>
        <translation>机柜功耗与预算</translation>
    </message>
    <message>
        <source>{load} per rack of {usable} usable ({budget} budget)</source>
        <translation>每机柜 {load}，可用 {usable}（预算 {budget}）</translation>
    </message>
    <message>
        <source>Heat per rack</source>
        <translation>每机柜发热量</translation>
    </message>
    <message>
        <source>{btu} BTU/h</source>
        <translation>{btu} BTU/h</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散热</translation>
    </message>
    <message>
        <source>{cooling}, up to {limit} per rack</source>
        <translation>{cooling}，每机柜最多 {limit}</translation>
    </message>
    <message>
        <source>Racks for {n} node(s)</source>
        <translation>{n} 个节点所需机柜数</translation>
    </message>
    <message>
        <source>No findings: the build passes every rule.</source>
        <translation>无检查结果：该配置通过全部规则。</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>Feed</source>
        <translation>供电线路</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>相位</translation>
    </message>
    <message>
        <source>PSUs</source>
        <translation>电源数</translation>
    </message>
    <message>
        <source>W at the operating point</source>
        <translation>工作点 W</translation>
    </message>
    <message>
        <source>W maximum</source>
        <translation>最大 W</translation>
    </message>
    <message>
        <source>A maximum</source>
        <translation>最大 A</translation>
    </message>
    <message>
        <source>A, other feed lost</source>
        <translation>A（另一路供电中断）</translation>
    </message>
    <message>
        <source>A usable (breaker x derating)</source>
        <translation>可用 A（断路器 x 降额系数）</translation>
    </message>
    <message>
        <source>BTU/h</source>
        <translation>BTU/h</translation>
    </message>
    <message>
        <source>Airflow m³/h</source>
        <translation>风量 m³/h</translation>
    </message>
    <message>
        <source>Airflow CFM</source>
        <translation>风量 CFM</translation>
    </message>
    <message>
        <source>Weight kg</source>
        <translation>重量 kg</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>未注明</translation>
    </message>
    <message>
        <source>Facility sheet: {build}</source>
        <translation>机房数据表：{build}</translation>
    </message>
    <message>
        <source>{volts} V at the PSU</source>
        <translation>电源输入 {volts} V</translation>
    </message>
    <message>
        <source>three phase, {ll} V line to line</source>
        <translation>三相，线电压 {ll} V</translation>
    </message>
    <message>
        <source>(typical load: no workload estimate)</source>
        <translation>（典型负载：无工作负载估算）</translation>
    </message>
    <message>
        <source>{nodes} node(s); {volts}; power factor {pf}</source>
        <translation>{nodes} 个节点；{volts}；功率因数 {pf}</translation>
    </message>
    <message>
        <source>PSU</source>
        <translation>电源</translation>
    </message>
    <message>
        <source>W, other feed lost</source>
        <translation>W（另一路供电中断）</translation>
    </message>
    <message>
        <source>Inlet</source>
        <translation>输入插座</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Findings that appear</source>
        <translation>新出现的检查结果</translation>
    </message>
    <message>
        <source>Findings that disappear</source>
        <translation>消失的检查结果</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>重量</translation>
    </message>
    <message>
        <source>US</source>
        <translation>美国</translation>
    </message>
    <message>
        <source>EU</source>
        <translation>欧盟</translation>
    </message>
    <message>
        <source>China</source>
        <translation>中国</translation>
    </message>
    <message>
        <source>global</source>
        <translation>全球</translation>
    </message>
    <message>
        <source>{volts} V at each PSU</source>
        <translation>每个电源输入 {volts} V</translation>
    </message>
    <message>
        <source>Supply</source>
        <translation>供电</translation>
    </message>
    <message>
        <source>{volts}; power factor {pf}</source>
        <translation>{volts}；功率因数 {pf}</translation>
    </message>
    <message>
        <source>{load} W at the operating point, {max} W at the maximum</source>
        <translation>工作点 {load} W，最大 {max} W</translation>
    </message>
    <message>
        <source>Per PSU</source>
        <translation>每个电源</translation>
    </message>
    <message>
        <source>{n} x {psu}: {load} W ({load_a} A) at the operating point, {max} W ({max_a} A) at the maximum; {fail} W ({fail_a} A) with the other feed lost</source>
        <translation>{n} x {psu}：工作点 {load} W（{load_a} A），最大 {max} W（{max_a} A）；另一路供电中断时 {fail} W（{fail_a} A）</translation>
    </message>
    <message>
        <source>{inlet}, PDU outlet {outlet}: {source}</source>
        <translation>{inlet}，PDU 插座 {outlet}：{source}</translation>
    </message>
    <message>
        <source>{amps} A per feed and phase, loaded to at most {share}</source>
        <translation>每路供电每相 {amps} A，负载不超过 {share}</translation>
    </message>
    <message>
        <source>not stated for this site: give the feed breaker to check it</source>
        <translation>该场地未注明：请填写供电断路器以便核查</translation>
    </message>
    <message>
        <source>Feed breaker</source>
        <translation>供电断路器</translation>
    </message>
    <message>
        <source>feed {feed}: {outlets} x {outlet} outlet(s), {pdus} PDU(s)</source>
        <translation>{feed} 路供电：{outlets} x {outlet} 插座，{pdus} 台 PDU</translation>
    </message>
    <message>
        <source>PDUs per full rack</source>
        <translation>每个满配机柜的 PDU</translation>
    </message>
    <message>
        <source>Keeps running?</source>
        <translation>能否继续运行？</translation>
    </message>
    <message>
        <source>Max at the wall</source>
        <translation>市电输入端最大功耗</translation>
    </message>
    <message>
        <source>Findings that change</source>
        <translation>变化的检查结果</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>{w} W</source>
        <translation>{w} W</translation>
    </message>
    <message>
        <source>Node {n}</source>
        <translation>节点 {n}</translation>
    </message>
    <message>
        <source>{kw} kW max, {btu} BTU/h</source>
        <translation>最大 {kw} kW，{btu} BTU/h</translation>
    </message>
    <message>
        <source>feed A {a} kW, feed B {b} kW</source>
        <translation>A 路 {a} kW，B 路 {b} kW</translation>
    </message>
    <message>
        <source>{kg} kg</source>
        <translation>{kg} kg</translation>
    </message>
    <message>
        <source>weight not stated</source>
        <translation>重量未注明</translation>
    </message>
    <message>
        <source>{free} U free</source>
        <translation>剩余 {free} U</translation>
    </message>
    <message>
        <source>W load</source>
        <translation>负载 W</translation>
    </message>
    <message>
        <source>W max</source>
        <translation>最大 W</translation>
    </message>
    <message>
        <source>A max</source>
        <translation>最大 A</translation>
    </message>
    <message>
        <source>A usable</source>
        <translation>可用 A</translation>
    </message>
    <message>
        <source>m³/h</source>
        <translation>m³/h</translation>
    </message>
    <message>
        <source>CFM</source>
        <translation>CFM</translation>
    </message>
    <message>
        <source>kg</source>
        <translation>kg</translation>
    </message>
    <message>
        <source>Where the hand-off&apos;s figures come from</source>
        <translation>交接资料中各数值的来源</translation>
    </message>
    <message>
        <source>{what}: {source}</source>
        <translation>{what}：{source}</translation>
    </message>
    <message>
        <source>Facility hand-off</source>
        <translation>机房交接资料</translation>
    </message>
    <message>
        <source>Failure scenarios</source>
        <translation>故障场景</translation>
    </message>
    <message>
        <source>Rack elevation</source>
        <translation>机柜立面图</translation>
    </message>
    <message>
        <source>Facility sheet</source>
        <translation>机房数据表</translation>
    </message>
    <message>
        <source>No rack elevation: not one node fits the site&apos;s rack.</source>
        <translation>无机柜立面图：该场地的机柜连一个节点都放不下。</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>{value} min</source>
        <translation>{value} 分钟</translation>
    </message>
    <message>
        <source>{value} h</source>
        <translation>{value} 小时</translation>
    </message>
    <message>
        <source>+/- {pct} %</source>
        <translation>+/- {pct} %</translation>
    </message>
    <message>
        <source>{gpus} GPUs, one model copy (TP {tp} x PP {pp})</source>
        <translation>{gpus} 块 GPU，一个模型副本（TP {tp} x PP {pp}）</translation>
    </message>
    <message>
        <source>{gpus} GPUs, {replicas} model copies (TP {tp} x PP {pp} each)</source>
        <translation>{gpus} 块 GPU，{replicas} 个模型副本（每个 TP {tp} x PP {pp}）</translation>
    </message>
    <message>
        <source>MoE experts split whole over {ep} GPUs (engine setting: TensorRT-LLM --ep, SGLang --ep-size, vLLM --enable-expert-parallel)</source>
        <translation>MoE 专家整体分布在 {ep} 块 GPU 上（引擎设置：TensorRT-LLM --ep，SGLang --ep-size，vLLM --enable-expert-parallel）</translation>
    </message>
    <message>
        <source>read as a benchmark whose prompts and answers all have one length (its rounds in step; see the assumptions)</source>
        <translation>按所有提示和回答同一长度的基准测试计算（各轮保持同步；见假设）</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>{model}, {weights} weights, {kv} KV cache, {inp} in / {out} out tokens, {engine}</source>
        <translation>{model}，{weights} 权重，{kv} KV 缓存，输入 {inp} / 输出 {out} 令牌，{engine}</translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation>并发请求数</translation>
    </message>
    <message>
        <source>Time to first token (TTFT)</source>
        <translation>首字延迟（TTFT）</translation>
    </message>
    <message>
        <source>Time per output token (TPOT)</source>
        <translation>每输出令牌时间（TPOT）</translation>
    </message>
    <message>
        <source>Output tokens/s, whole build</source>
        <translation>输出令牌/秒（整套配置）</translation>
    </message>
    <message>
        <source>Output tokens/s per user</source>
        <translation>每用户输出令牌/秒</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <source>Meets the latency targets</source>
        <translation>满足延迟目标</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>{kv} by KV-cache memory</source>
        <translation>{kv}（按 KV 缓存容量）</translation>
    </message>
    <message>
        <source>{n} running at once ({setting}), the rest wait</source>
        <translation>同时运行 {n} 个（{setting}），其余排队等待</translation>
    </message>
    <message>
        <source>{n} meeting the latency targets</source>
        <translation>{n}（满足延迟目标）</translation>
    </message>
    <message>
        <source>Maximum concurrency</source>
        <translation>最大并发数</translation>
    </message>
    <message>
        <source>n/a: {reason}</source>
        <translation>不适用：{reason}</translation>
    </message>
    <message>
        <source>Cost per million output tokens</source>
        <translation>每百万输出令牌成本</translation>
    </message>
    <message>
        <source>probe-calibrated</source>
        <translation>探测校准</translation>
    </message>
    <message>
        <source>datasheet peaks, calibrated efficiencies</source>
        <translation>规格书峰值，校准效率</translation>
    </message>
    <message>
        <source>Basis</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>bands are the 80th percentile of held-out errors against published measurements; throughput {band}</source>
        <translation>区间为留出数据相对公开测量值误差的第 80 百分位；吞吐量 {band}</translation>
    </message>
    <message>
        <source>No performance estimate: {reason}.</source>
        <translation>无性能估算：{reason}。</translation>
    </message>
    <message>
        <source>Model warnings</source>
        <translation>模型警告</translation>
    </message>
    <message>
        <source>{nodes} node(s); quantities and prices are for all nodes.</source>
        <translation>{nodes} 个节点；数量和价格均按全部节点计算。</translation>
    </message>
    <message>
        <source>{gpus} GPU(s) per node.</source>
        <translation>每节点 {gpus} 块 GPU。</translation>
    </message>
    <message>
        <source>Bill of materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <source>Power and cooling</source>
        <translation>供电与散热</translation>
    </message>
    <message>
        <source>Validation findings</source>
        <translation>验证结果</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <source>Assumptions and data sources</source>
        <translation>假设与数据来源</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>All prices in {currency}, from the parts catalog (list prices or imported price lists).</source>
        <translation>所有价格以 {currency} 计，来自部件库（目录价或导入的价目表）。</translation>
    </message>
    <message>
        <source>Parts without a price are shown as &apos;price on request&apos; and are never counted as zero; a total that leaves them out says so.</source>
        <translation>无价格的部件显示为“价格另询”，绝不按零计；未计入这些部件的总计会注明。</translation>
    </message>
    <message>
        <source>Exchange rate: 1 {code} = {rate} {currency}</source>
        <translation>汇率：1 {code} = {rate} {currency}</translation>
    </message>
    <message>
        <source>Reference prices in {code} converted at the price book&apos;s rate: 1 {code} = {rate} {currency} ({date}; {source})</source>
        <translation>以 {code} 计的参考价按价格手册的汇率换算：1 {code} = {rate} {currency}（{date}；{source}）</translation>
    </message>
    <message>
        <source>Power, cooling and validation</source>
        <translation>供电、散热与验证</translation>
    </message>
    <message>
        <source>Maximum power is the sum of nameplate figures (GPU and CPU TDP, DIMMs, NICs, drives, chassis baseline); typical power is what the rules profile expects under inference load.</source>
        <translation>最大功耗为各部件标称值之和（GPU 和 CPU 的 TDP、内存条、网卡、硬盘、机箱基础功耗）；典型功耗为规则配置在推理负载下的预期值。</translation>
    </message>
    <message>
        <source>Heat: BTU/h = W x 3.412. Nodes per rack are limited by the rack power budget, the rack units and the cooling ceiling; the binding limit is named.</source>
        <translation>发热量：BTU/h = W x 3.412。每机柜节点数受机柜供电预算、机架空间和散热上限限制；报告中注明起决定作用的限制。</translation>
    </message>
    <message>
        <source>Findings come from the rules engine with the rule profile in use; each explanation shows the numbers used.</source>
        <translation>检查结果来自规则引擎及所用规则配置；每条说明都列出了所用数值。</translation>
    </message>
    <message>
        <source>Estimates come from the calibrated performance model for the whole build (all nodes, all GPUs); a band is the 80th percentile of held-out errors against published measurements.</source>
        <translation>估算来自整套配置（全部节点、全部 GPU）的校准性能模型；区间为留出数据相对公开测量值误差的第 80 百分位。</translation>
    </message>
    <message>
        <source>Cost per million output tokens = hourly rate {rate} {currency} / (output tokens/s x 3600) x 1,000,000.</source>
        <translation>每百万输出令牌成本 = 每小时费率 {rate} {currency} /（输出令牌/秒 x 3600）x 1,000,000。</translation>
    </message>
    <message>
        <source>Cost per million output tokens = hourly cost / (output tokens/s x 3600) x 1,000,000; hourly cost = quote total / ({years} years x 8,760 h) + typical wall power x PUE {pue} x {price} {currency}/kWh.</source>
        <translation>每百万输出令牌成本 = 每小时成本 /（输出令牌/秒 x 3600）x 1,000,000；每小时成本 = 报价总计 /（{years} 年 x 8,760 小时）+ 典型输入功率 x PUE {pue} x {price} {currency}/kWh。</translation>
    </message>
    <message>
        <source>Utilisation: the build serves at this load {pct} % of the hours.</source>
        <translation>利用率：该配置在此负载下服务的时间占 {pct} %。</translation>
    </message>
    <message>
        <source>Model assumptions (all builds)</source>
        <translation>模型假设（全部配置）</translation>
    </message>
    <message>
        <source>Model assumptions: {build}</source>
        <translation>模型假设：{build}</translation>
    </message>
    <message>
        <source>SHA-256 of the canonical JSON of the builds, every catalog part they use (all fields, prices included) and the pricing terms ({scheme}):</source>
        <translation>以下为各配置、其使用的全部部件库部件（所有字段，含价格）及定价条款的规范 JSON 的 SHA-256（{scheme}）：</translation>
    </message>
    <message>
        <source>Data sources</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>核验</translation>
    </message>
    <message>
        <source>Checked: V verified against a datasheet, K known (catalog author, to verify), D derived from other figures, U entered by the user.</source>
        <translation>核验：V 已对照规格书核实，K 已知（部件库作者提供，待核实），D 由其他数据推导，U 用户录入。</translation>
    </message>
    <message>
        <source>Quotation {number}</source>
        <translation>报价单 {number}</translation>
    </message>
    <message>
        <source>Quotation</source>
        <translation>报价单</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>电子邮件</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>电话</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Valid until</source>
        <translation>有效期至</translation>
    </message>
    <message>
        <source>{date} ({days} days from the quote date)</source>
        <translation>{date}（自报价日期起 {days} 天）</translation>
    </message>
    <message>
        <source>{pct} % of the subtotal</source>
        <translation>小计的 {pct} %</translation>
    </message>
    <message>
        <source>{pct} % of the amount after discount</source>
        <translation>折后金额的 {pct} %</translation>
    </message>
    <message>
        <source>Payment terms</source>
        <translation>付款条件</translation>
    </message>
    <message>
        <source>Delivery terms</source>
        <translation>交货条件</translation>
    </message>
    <message>
        <source>Draft, no GPUs: {status}</source>
        <translation>草稿，无 GPU：{status}</translation>
    </message>
    <message>
        <source>Draft: {status}</source>
        <translation>草稿：{status}</translation>
    </message>
    <message>
        <source>Terms</source>
        <translation>条款</translation>
    </message>
    <message>
        <source>A draft is not ready to order (no GPUs, or errors in validation); it is in this quote because it was chosen.</source>
        <translation>草稿尚不可下单（无 GPU，或验证有错误）；因已被选中而列入本报价。</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Qty per node</source>
        <translation>每节点数量</translation>
    </message>
    <message>
        <source>Unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <source>Extended</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>excludes {n} on request</source>
        <translation>不含 {n} 项价格另询</translation>
    </message>
    <message>
        <source>excluding {n} item(s) priced on request</source>
        <translation>不含 {n} 项价格另询的物料</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Discount</source>
        <translation>折扣</translation>
    </message>
    <message>
        <source>Catalog ID</source>
        <translation>部件库 ID</translation>
    </message>
    <message>
        <source>Quote</source>
        <translation>报价</translation>
    </message>
</context>
<context>
    <name>CatalogModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>规格</translation>
    </message>
    <message>
        <source>VRAM GiB</source>
        <translation>显存 GiB</translation>
    </message>
    <message>
        <source>Bandwidth GB/s</source>
        <translation>带宽 GB/s</translation>
    </message>
    <message>
        <source>BF16 TFLOPS</source>
        <translation>BF16 TFLOPS</translation>
    </message>
    <message>
        <source>FP8 TFLOPS</source>
        <translation>FP8 TFLOPS</translation>
    </message>
    <message>
        <source>TDP W</source>
        <translation>TDP W</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Socket</source>
        <translation>CPU 插槽</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>核数</translation>
    </message>
    <message>
        <source>Base GHz</source>
        <translation>基础 GHz</translation>
    </message>
    <message>
        <source>Boost GHz</source>
        <translation>睿频 GHz</translation>
    </message>
    <message>
        <source>Channels</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>PCIe lanes</source>
        <translation>PCIe 通道</translation>
    </message>
    <message>
        <source>U</source>
        <translation>U</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>GPU form</source>
        <translation>GPU 规格</translation>
    </message>
    <message>
        <source>Max GPU W (air)</source>
        <translation>GPU 最大 W（风冷）</translation>
    </message>
    <message>
        <source>Sockets</source>
        <translation>CPU 插槽数</translation>
    </message>
    <message>
        <source>PSU bays</source>
        <translation>电源仓位</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>MT/s</source>
        <translation>MT/s</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>Gb/s per port</source>
        <translation>每端口 Gb/s</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>W (200-240 V)</source>
        <translation>W（200-240 V）</translation>
    </message>
    <message>
        <source>W (100-127 V)</source>
        <translation>W（100-127 V）</translation>
    </message>
    <message>
        <source>80 PLUS</source>
        <translation>80 PLUS</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>接口</translation>
    </message>
    <message>
        <source>Read MB/s</source>
        <translation>读取 MB/s</translation>
    </message>
    <message>
        <source>Params B</source>
        <translation>参数 B</translation>
    </message>
    <message>
        <source>Active B</source>
        <translation>激活 B</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>published price</source>
        <translation>公开价格</translation>
    </message>
    <message>
        <source>midpoint of a published range</source>
        <translation>公开价格区间的中点</translation>
    </message>
    <message>
        <source>estimate from a related part</source>
        <translation>依据相近部件的估算</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Reference price {price}, {kind}; not a quotation. {source}</source>
        <translation>参考价 {price}，{kind}；非正式报价。{source}</translation>
    </message>
    <message>
        <source>{price} (reference)</source>
        <translation>{price}（参考价）</translation>
    </message>
</context>
<context>
    <name>CatalogPanel</name>
    <message>
        <source>Search name, vendor, SKU…</source>
        <translation>搜索名称、厂商、SKU…</translation>
    </message>
    <message>
        <source>Add to build</source>
        <translation>加入配置</translation>
    </message>
    <message>
        <source>Put the selected part in the first free slot that takes it (Ctrl+Return)</source>
        <translation>将所选部件放入第一个可用的空插槽（Ctrl+Return）</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>机箱</translation>
    </message>
    <message>
        <source>Memory (DIMMs)</source>
        <translation>内存（DIMM）</translation>
    </message>
    <message>
        <source>Network cards</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>Power supplies</source>
        <translation>电源</translation>
    </message>
    <message>
        <source>Drives</source>
        <translation>硬盘</translation>
    </message>
    <message>
        <source>Models (LLMs)</source>
        <translation>模型（LLM）</translation>
    </message>
    <message>
        <source>Fill all</source>
        <translation>全部填满</translation>
    </message>
    <message>
        <source>Fill every free slot that takes the part (Ctrl+Shift+Return)</source>
        <translation>填满所有可容纳该部件的空插槽（Ctrl+Shift+Return）</translation>
    </message>
    <message>
        <source>Select a part to see its full specifications and sources.</source>
        <translation>选择一个部件以查看完整规格和数据来源。</translation>
    </message>
    <message>
        <source>Duplicate…</source>
        <translation>复制…</translation>
    </message>
    <message>
        <source>Make your own editable copy of the selected part</source>
        <translation>为所选部件创建一份可编辑的副本</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <source>Edit one of your parts</source>
        <translation>编辑您的部件</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete one of your parts (bundled parts stay)</source>
        <translation>删除您的部件（内置部件不可删除）</translation>
    </message>
    <message numerus="yes">
        <source>%n part(s)</source>
        <translation>
            <numerusform>%n 个部件</numerusform>
        </translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Reference price</source>
        <translation>参考价</translation>
    </message>
    <message>
        <source>{price}, {kind}; not a quotation</source>
        <translation>{price}，{kind}；非正式报价</translation>
    </message>
    <message>
        <source>Your part</source>
        <translation>您的部件</translation>
    </message>
    <message>
        <source>Bundled catalog</source>
        <translation>内置部件库</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Use this chassis</source>
        <translation>使用此机箱</translation>
    </message>
    <message>
        <source>{share:.0%} of the datasheet</source>
        <translation>规格值的 {share:.0%}</translation>
    </message>
    <message>
        <source>{share:.0%} of a stock board&apos;s reading</source>
        <translation>原厂标准卡实测值的 {share:.0%}</translation>
    </message>
    <message>
        <source>memory bandwidth {v:,.0f} GB/s</source>
        <translation>显存带宽 {v:,.0f} GB/s</translation>
    </message>
    <message>
        <source>{p} GEMM {v:,.0f} TFLOPS</source>
        <translation>{p} GEMM {v:,.0f} TFLOPS</translation>
    </message>
</context>
<context>
    <name>ChartWidget</name>
    <message>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <source>SVG…</source>
        <translation>SVG…</translation>
    </message>
    <message>
        <source>Export this chart</source>
        <translation>导出此图表</translation>
    </message>
    <message>
        <source>No data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
</context>
<context>
    <name>ChassisView</name>
    <message>
        <source>Drop a chassis here or pick one in the workload panel.</source>
        <translation>将机箱拖放到此处，或在工作负载面板中选择。</translation>
    </message>
    <message>
        <source>GPU positions ({n} × {form})</source>
        <translation>GPU 位（{n} × {form}）</translation>
    </message>
    <message>
        <source>CPU sockets and memory channels</source>
        <translation>CPU 插槽与内存通道</translation>
    </message>
    <message>
        <source>PCIe slots (NICs)</source>
        <translation>PCIe 插槽（网卡）</translation>
    </message>
    <message>
        <source>Drive bays ({forms})</source>
        <translation>硬盘仓位（{forms}）</translation>
    </message>
    <message>
        <source>Boot M.2</source>
        <translation>启动 M.2</translation>
    </message>
    <message>
        <source>PSU bays</source>
        <translation>电源仓位</translation>
    </message>
    <message>
        <source>no such slot</source>
        <translation>没有该插槽</translation>
    </message>
    <message>
        <source>the part comes from here</source>
        <translation>部件从此处移出</translation>
    </message>
    <message>
        <source>Replace {0}</source>
        <translation>替换 {0}</translation>
    </message>
    <message>
        <source>Remove {n} part(s)</source>
        <translation>移除 {n} 个部件</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>{what} must be a number, got {text}</source>
        <translation>{what} 必须是数字，收到的是 {text}</translation>
    </message>
    <message>
        <source>{what} must be a finite number, got {text}</source>
        <translation>{what} 必须是有限数字，收到的是 {text}</translation>
    </message>
    <message>
        <source>--valid-days must be a whole number of days from 1 to {max}, got {text}</source>
        <translation>--valid-days 必须是 1 到 {max} 之间的整数天数，收到的是 {text}</translation>
    </message>
    <message>
        <source>{what} must look like NAME=VALUE, got {item}</source>
        <translation>{what} 的格式应为 NAME=VALUE，收到的是 {item}</translation>
    </message>
    <message>
        <source>--lang must look like en or zh_CN, got {lang}</source>
        <translation>--lang 的格式应为 en 或 zh_CN，收到的是 {lang}</translation>
    </message>
    <message>
        <source>nothing to write: give --pdf, --csv and/or --xlsx</source>
        <translation>没有要写的文件：请指定 --pdf、--csv 和/或 --xlsx</translation>
    </message>
    <message>
        <source>--pdf, --csv and --xlsx must name different files</source>
        <translation>--pdf、--csv 和 --xlsx 必须指向不同的文件</translation>
    </message>
    <message>
        <source>--date must be YYYY-MM-DD, got {date}</source>
        <translation>--date 的格式应为 YYYY-MM-DD，收到的是 {date}</translation>
    </message>
    <message>
        <source>cost terms: {error}</source>
        <translation>成本条款：{error}</translation>
    </message>
    <message>
        <source>{build}: total {total}</source>
        <translation>{build}：总计 {total}</translation>
    </message>
    <message>
        <source>{build}: total {total} (excluding {n} item(s) priced on request)</source>
        <translation>{build}：总计 {total}（不含 {n} 项价格另询的物料）</translation>
    </message>
    <message>
        <source>  {build} is a draft: not ready to order (no GPUs, or errors)</source>
        <translation>  {build} 为草稿：尚不可下单（无 GPU，或有错误）</translation>
    </message>
    <message>
        <source>wrote {kind} {path}</source>
        <translation>已写入 {kind} {path}</translation>
    </message>
    <message>
        <source>configuration hash {hash}</source>
        <translation>配置哈希 {hash}</translation>
    </message>
    <message>
        <source>note: {message}</source>
        <translation>提示：{message}</translation>
    </message>
    <message>
        <source>unknown kind &apos;{kind}&apos;; use one of {kinds}</source>
        <translation>未知类别“{kind}”；请使用以下之一：{kinds}</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>KIND</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>VENDOR</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>PRICE</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>{n} part(s)</source>
        <translation>{n} 个部件</translation>
    </message>
    <message>
        <source>no part with ID &apos;{id}&apos; (try: catalog list --search WORD)</source>
        <translation>没有 ID 为“{id}”的部件（可尝试：catalog list --search 关键词）</translation>
    </message>
    <message>
        <source>database        {path}</source>
        <translation>数据库          {path}</translation>
    </message>
    <message>
        <source>schema version  {version}</source>
        <translation>数据库结构版本  {version}</translation>
    </message>
    <message>
        <source>catalog version {version}</source>
        <translation>部件库版本      {version}</translation>
    </message>
    <message>
        <source>parts           {counts}</source>
        <translation>部件            {counts}</translation>
    </message>
    <message>
        <source>--map item {item} must look like role=Column Name</source>
        <translation>--map 项 {item} 的格式应为 role=列名</translation>
    </message>
    <message>
        <source>{file}: SKU column &apos;{sku}&apos;, price column &apos;{price}&apos;, currency column &apos;{currency}&apos;</source>
        <translation>{file}：SKU 列“{sku}”，价格列“{price}”，币种列“{currency}”</translation>
    </message>
    <message>
        <source>{file}: SKU column &apos;{sku}&apos;, price column &apos;{price}&apos;, currency {currency}</source>
        <translation>{file}：SKU 列“{sku}”，价格列“{price}”，币种 {currency}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>  row {row}: {part} ({sku}): {old} -&gt; {new}</source>
        <translation>  第 {row} 行：{part}（{sku}）：{old} -&gt; {new}</translation>
    </message>
    <message>
        <source>{changes} change(s), {unchanged} unchanged, {unmatched} unmatched SKU(s) skipped, {rejected} rejected</source>
        <translation>{changes} 处变更，{unchanged} 处未变，跳过 {unmatched} 个未匹配的 SKU，拒绝 {rejected} 行</translation>
    </message>
    <message>
        <source>no SKU</source>
        <translation>无 SKU</translation>
    </message>
    <message>
        <source>  rejected row {row} ({sku}): {reason}</source>
        <translation>  拒绝第 {row} 行（{sku}）：{reason}</translation>
    </message>
    <message>
        <source>Nothing was imported: fix the rejected rows and run again.</source>
        <translation>未导入任何内容：请修正被拒绝的行后重新运行。</translation>
    </message>
    <message>
        <source>Dry run: nothing was written.</source>
        <translation>试运行：未写入任何内容。</translation>
    </message>
    <message>
        <source>Imported {n} price(s).</source>
        <translation>已导入 {n} 个价格。</translation>
    </message>
    <message>
        <source>{build}: {racks} rack(s), {nodes} node(s) at {volts:g} V</source>
        <translation>{build}：{racks} 个机柜，{nodes} 个节点，{volts:g} V</translation>
    </message>
    <message>
        <source>  {scenario}: {verdict}</source>
        <translation>  {scenario}：{verdict}</translation>
    </message>
    <message>
        <source>wrote {path}</source>
        <translation>已写入 {path}</translation>
    </message>
    <message>
        <source>--site must name a NetBox site</source>
        <translation>--site 必须指定一个 NetBox 站点</translation>
    </message>
    <message>
        <source>--out must be a directory, and {path} is a file</source>
        <translation>--out 必须是目录，而 {path} 是文件</translation>
    </message>
    <message>
        <source>cannot write {path}: {error}</source>
        <translation>无法写入 {path}：{error}</translation>
    </message>
    <message>
        <source>error: {message}</source>
        <translation>错误：{message}</translation>
    </message>
    <message>
        <source>no build named {name}; the project has: {names}</source>
        <translation>没有名为 {name} 的配置；项目中有：{names}</translation>
    </message>
    <message>
        <source>1 model copy</source>
        <translation>1 个模型副本</translation>
    </message>
    <message>
        <source>{n} model copies</source>
        <translation>{n} 个模型副本</translation>
    </message>
    <message>
        <source>VRAM       need {need:.1f} of {usable:.1f} GiB usable per GPU (headroom {headroom:.1f} GiB); {gpus} x {per_gpu:g} GiB = {total:g} GiB; TP={tp} PP={pp}, {copies}</source>
        <translation>显存       每 GPU 需要 {need:.1f} GiB，可用 {usable:.1f} GiB（余量 {headroom:.1f} GiB）；{gpus} x {per_gpu:g} GiB = {total:g} GiB；TP={tp} PP={pp}，{copies}</translation>
    </message>
    <message>
        <source>VRAM       {gpus} GPU(s), {total:g} GiB total (no workload to check)</source>
        <translation>显存       {gpus} 块 GPU，共 {total:g} GiB（无工作负载可供检查）</translation>
    </message>
    <message>
        <source>from the estimate at the load</source>
        <translation>取自该负载下的估算</translation>
    </message>
    <message>
        <source>typical shares: no estimate</source>
        <translation>按典型占比：无估算</translation>
    </message>
    <message>
        <source>Power      at the wall: idle {idle:,.0f} W, at the load {load:,.0f} W ({basis}), max {max_wall:,.0f} W (sizing), extreme {extreme:,.0f} W</source>
        <translation>功耗       市电输入端：空闲 {idle:,.0f} W，负载下 {load:,.0f} W（{basis}），最大 {max_wall:,.0f} W（选型依据），极限 {extreme:,.0f} W</translation>
    </message>
    <message>
        <source>Storage    weights {gb:,.1f} GB ({gib:,.1f} GiB), load about {time}</source>
        <translation>存储       权重 {gb:,.1f} GB（{gib:,.1f} GiB），加载约需 {time}</translation>
    </message>
    <message>
        <source>{power_w:,.0f} W max at the wall ({load_w:,.0f} W at the load)</source>
        <translation>市电输入端最大 {power_w:,.0f} W（负载下 {load_w:,.0f} W）</translation>
    </message>
    <message>
        <source>moves the estimate ({model} BF16, {inp:,} in / {out:,} out, concurrency {conc}): TTFT {ttft}, TPOT {tpot}, throughput {tps} against datasheet peaks</source>
        <translation>对估算的影响（{model} BF16，输入 {inp:,} / 输出 {out:,}，并发 {conc}）：与按规格表峰值相比，TTFT {ttft}，TPOT {tpot}，吞吐量 {tps}</translation>
    </message>
    <message>
        <source>Capacity   max concurrency {max} at the requested context; longest context {longest} tokens</source>
        <translation>容量       请求上下文下最大并发 {max}；最长上下文 {longest} 个令牌</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; fits more than one part in the catalog: {ids}; give one of these IDs</source>
        <translation>“{text}”对应目录中的多个部件：{ids}；请给出其中一个 ID</translation>
    </message>
    <message>
        <source>no part with ID &apos;{id}&apos;; nearest: {ids}</source>
        <translation>没有 ID 为“{id}”的部件；最接近的：{ids}</translation>
    </message>
    <message>
        <source>{text}: read as {name} ({id})</source>
        <translation>{text}：按 {name}（{id}）读取</translation>
    </message>
    <message>
        <source>{flag} &apos;{text}&apos; is not a GPU in the catalog</source>
        <translation>{flag}“{text}”不是目录中的 GPU</translation>
    </message>
    <message>
        <source>{flag} &apos;{text}&apos; is not an LLM in the catalog</source>
        <translation>{flag}“{text}”不是目录中的 LLM</translation>
    </message>
    <message>
        <source>{flag} &apos;{text}&apos; fits more than one part in the catalog: {ids}; give one of these IDs</source>
        <translation>{flag}“{text}”对应目录中的多个部件：{ids}；请给出其中一个 ID</translation>
    </message>
    <message>
        <source>{message}; nearest: {ids}</source>
        <translation>{message}；最接近的：{ids}</translation>
    </message>
    <message>
        <source>{message} (try: catalog list --search WORD)</source>
        <translation>{message}（可尝试：catalog list --search 关键词）</translation>
    </message>
    <message>
        <source>{flag} {text}: read as {name} ({id})</source>
        <translation>{flag} {text}：按 {name}（{id}）读取</translation>
    </message>
    <message>
        <source>Thumb      weights x 1.2 = {gib:.1f} GiB vs {have} (a quick rule of thumb)</source>
        <translation>经验       权重 x 1.2 = {gib:.1f} GiB，对比 {have}（快速经验法则）</translation>
    </message>
    <message>
        <source>Vendor     max {vendor:,.0f} W at the wall ({source}); this build {delta:+.0%}</source>
        <translation>厂商       市电输入端最大 {vendor:,.0f} W（{source}）；本配置 {delta:+.0%}</translation>
    </message>
    <message>
        <source>PSUs       {n} x {rating:,.0f} W at {volts:g} V, {mode}: {usable:,.0f} W usable</source>
        <translation>电源       {n} x {rating:,.0f} W，{volts:g} V，{mode}：可用 {usable:,.0f} W</translation>
    </message>
    <message>
        <source>Rack       budget {budget:,.0f} W, usable {usable:,.0f} W; cooling {cooling} {limit:,.0f} W</source>
        <translation>机柜       预算 {budget:,.0f} W，可用 {usable:,.0f} W；散热 {cooling} {limit:,.0f} W</translation>
    </message>
    <message>
        <source>Heat       {w:,.0f} W = {btu:,.0f} BTU/h per node</source>
        <translation>发热       每节点 {w:,.0f} W = {btu:,.0f} BTU/h</translation>
    </message>
    <message>
        <source>; {w} W = {btu} BTU/h per rack</source>
        <translation>；每机柜 {w} W = {btu} BTU/h</translation>
    </message>
    <message>
        <source>Nodes/rack {n} (power {power}, rack units {units}, cooling {cooling}; bound by {binding}); {nodes} node(s) -&gt; {racks} rack(s)</source>
        <translation>每柜节点   {n}（供电 {power}，机架空间 {units}，散热 {cooling}；受{binding}限制）；{nodes} 个节点 -&gt; {racks} 个机柜</translation>
    </message>
    <message>
        <source>Host       {cores} cores, {per_gpu} per GPU; RAM {ram:,.0f} GB = {ratio} x VRAM, {per_core} GB per core</source>
        <translation>主机       {cores} 核，每 GPU {per_gpu} 核；内存 {ram:,.0f} GB = {ratio} x 显存，每核 {per_core} GB</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>INFO</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Project {name} ({path})</source>
        <translation>项目 {name}（{path}）</translation>
    </message>
    <message>
        <source>Project {name}</source>
        <translation>项目 {name}</translation>
    </message>
    <message>
        <source>Build {name}: {errors} error(s), {warnings} warning(s), {infos} info</source>
        <translation>配置 {name}：{errors} 个错误，{warnings} 个警告，{infos} 个提示</translation>
    </message>
    <message>
        <source>Slots: {slots}</source>
        <translation>插槽：{slots}</translation>
    </message>
    <message>
        <source>Source: {source}</source>
        <translation>来源：{source}</translation>
    </message>
    <message>
        <source>Fix: {fix}</source>
        <translation>修复：{fix}</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>no latency targets</source>
        <translation>无延迟目标</translation>
    </message>
    <message>
        <source>{model}: {load}, {input} in / {output} out tokens; {scenario} ({targets}); {environment}</source>
        <translation>{model}：{load}，输入 {input} / 输出 {output} 个令牌；{scenario}（{targets}）；{environment}</translation>
    </message>
    <message>
        <source>; budget {budget:,.0f} {currency}</source>
        <translation>；预算 {budget:,.0f} {currency}</translation>
    </message>
    <message>
        <source>Checked {count} build(s) in {seconds:.2f} s; {qualified} qualify. Ranked by {rank}.</source>
        <translation>在 {seconds:.2f} 秒内检查了 {count} 个配置；{qualified} 个满足要求。按 {rank} 排序。</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>{cost:,.3f} {currency} per million output tokens at the load</source>
        <translation>该负载下每百万输出令牌 {cost:,.3f} {currency}</translation>
    </message>
    <message>
        <source> (a lower bound: parts without a price)</source>
        <translation>（下限：有部件未定价）</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>{headroom} capacity over the load</source>
        <translation>容量高出负载 {headroom}</translation>
    </message>
    <message>
        <source>Binds</source>
        <translation>制约因素</translation>
    </message>
    <message>
        <source>Nearest cheaper build that fails: </source>
        <translation>未通过的最接近的更便宜配置：</translation>
    </message>
    <message>
        <source>Nearest cheaper build that fails: none found</source>
        <translation>未通过的最接近的更便宜配置：未找到</translation>
    </message>
    <message>
        <source>Nothing in the catalog meets these requirements. Relax one of them:</source>
        <translation>部件库中没有满足这些要求的配置。请放宽其中一项：</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>the team server needs the &apos;team&apos; extra ({name} is missing): pip install &quot;inference-sizer[team]&quot;</source>
        <translation>团队服务器需要“team”可选依赖（缺少 {name}）：pip install &quot;inference-sizer[team]&quot;</translation>
    </message>
    <message>
        <source>no team server is set up here; run `python -m app team init --host … --database … --user …` first</source>
        <translation>此处尚未设置团队服务器；请先运行 `python -m app team init --host … --database … --user …`</translation>
    </message>
    <message>
        <source>no password on standard input</source>
        <translation>标准输入中没有密码</translation>
    </message>
    <message>
        <source>catalog admin</source>
        <translation>部件库管理员</translation>
    </message>
    <message>
        <source>sales</source>
        <translation>销售</translation>
    </message>
    <message>
        <source>no team role</source>
        <translation>无团队角色</translation>
    </message>
    <message>
        <source>not created</source>
        <translation>未创建</translation>
    </message>
    <message>
        <source>Connected to {server} as {user} ({role}); server schema {schema}.</source>
        <translation>已以 {user}（{role}）身份连接到 {server}；服务器数据库结构：{schema}。</translation>
    </message>
    <message>
        <source>No team server is set up; this copy works on its own.</source>
        <translation>未设置团队服务器；当前副本独立工作。</translation>
    </message>
    <message>
        <source>online as {user}</source>
        <translation>在线，身份为 {user}</translation>
    </message>
    <message>
        <source>offline ({error})</source>
        <translation>离线（{error}）</translation>
    </message>
    <message>
        <source>Team server {server}: {state}</source>
        <translation>团队服务器 {server}：{state}</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>Synced: {synced}; changed here: {pending}; conflicts: {conflicts}; last sync: {last}</source>
        <translation>已同步：{synced}；本地已修改：{pending}；冲突：{conflicts}；上次同步：{last}</translation>
    </message>
    <message>
        <source>  conflict {kind}:{id}: {reason} (resolve with --resolve {kind}:{id}=theirs|mine|both)</source>
        <translation>  冲突 {kind}:{id}：{reason}（用 --resolve {kind}:{id}=theirs|mine|both 解决）</translation>
    </message>
    <message>
        <source>--resolve {text!r}: write KIND:ID=theirs|mine|both, KIND one of {kinds}</source>
        <translation>--resolve {text!r}：应写为 KIND:ID=theirs|mine|both，KIND 为 {kinds} 之一</translation>
    </message>
    <message>
        <source>Synced in {ms:.0f} ms: pulled {pulled}; pushed {pushed}.</source>
        <translation>同步完成，用时 {ms:.0f} ms：拉取 {pulled}；推送 {pushed}。</translation>
    </message>
    <message>
        <source>Kept here (only a catalog admin shares parts, prices and the profile): {held}</source>
        <translation>保留在本地（只有部件库管理员能共享部件、价格和规则配置）：{held}</translation>
    </message>
    <message>
        <source>Conflict {kind}:{id}: {reason}; resolve with --resolve {kind}:{id}=theirs|mine|both</source>
        <translation>冲突 {kind}:{id}：{reason}；请用 --resolve {kind}:{id}=theirs|mine|both 解决</translation>
    </message>
    <message>
        <source>Added {login} ({role}).</source>
        <translation>已添加 {login}（{role}）。</translation>
    </message>
    <message>
        <source>{path}: cannot read: {problem}</source>
        <translation>{path}：无法读取：{problem}</translation>
    </message>
    <message>
        <source>{path}: cannot write: {problem}</source>
        <translation>{path}：无法写入：{problem}</translation>
    </message>
    <message>
        <source>Probe of {host}: status {status}, {mode} mode, {seconds:.0f} s</source>
        <translation>{host} 的探测：状态 {status}，{mode} 模式，{seconds:.0f} 秒</translation>
    </message>
    <message>
        <source> (catalog {id})</source>
        <translation>（部件库 {id}）</translation>
    </message>
    <message>
        <source>, {fraction:.2f} of peak</source>
        <translation>，为峰值的 {fraction:.2f}</translation>
    </message>
    <message>
        <source>{median:,.1f} {unit} (spread {cv:.1%}{fraction})</source>
        <translation>{median:,.1f} {unit}（离散度 {cv:.1%}{fraction}）</translation>
    </message>
    <message>
        <source>Calibration {gpu} ({confidence} confidence): {efficiency}</source>
        <translation>校准 {gpu}（置信度 {confidence}）：{efficiency}</translation>
    </message>
    <message>
        <source>Interrupted: no report was written.</source>
        <translation>已中断：未写入报告。</translation>
    </message>
    <message>
        <source>Report written to {path}</source>
        <translation>报告已写入 {path}</translation>
    </message>
    <message>
        <source>Report stored as {path}</source>
        <translation>报告已保存为 {path}</translation>
    </message>
    <message>
        <source>Already imported: {file} -&gt; {path}</source>
        <translation>已导入过：{file} -&gt; {path}</translation>
    </message>
    <message>
        <source>Imported: {file} -&gt; {path}</source>
        <translation>已导入：{file} -&gt; {path}</translation>
    </message>
    <message>
        <source>Probe of {host} on {started} UTC, status {status}, {count} GPU(s)</source>
        <translation>{host} 于 {started} UTC 的探测，状态 {status}，{count} 块 GPU</translation>
    </message>
    <message>
        <source>{gpu} ({confidence} confidence): {figures}</source>
        <translation>{gpu}（置信度 {confidence}）：{figures}</translation>
    </message>
    <message>
        <source>no calibration in this report (no catalog GPU was measured)</source>
        <translation>该报告中没有校准数据（未测量到部件库中的 GPU）</translation>
    </message>
</context>
<context>
    <name>Compare</name>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Power at the wall, max</source>
        <translation>市电输入端功耗（最大）</translation>
    </message>
    <message>
        <source>Power at the wall, at the load</source>
        <translation>市电输入端负载下功耗</translation>
    </message>
    <message>
        <source>Heat</source>
        <translation>发热量</translation>
    </message>
    <message>
        <source>Nodes per rack</source>
        <translation>每机柜节点数</translation>
    </message>
    <message>
        <source>Output tokens/s at the latency target</source>
        <translation>满足延迟目标时的输出令牌/秒</translation>
    </message>
    <message>
        <source>Max concurrency (KV cache)</source>
        <translation>最大并发（KV 缓存）</translation>
    </message>
    <message>
        <source>Max concurrency meeting the targets</source>
        <translation>满足目标的最大并发</translation>
    </message>
    <message>
        <source>Cost per million output tokens</source>
        <translation>每百万输出令牌成本</translation>
    </message>
    <message>
        <source>Tokens/s per kW</source>
        <translation>每 kW 令牌/秒</translation>
    </message>
    <message>
        <source>Tokens/s per 1,000 of price</source>
        <translation>每 1,000 价格的令牌/秒</translation>
    </message>
    <message>
        <source>Validation errors</source>
        <translation>验证错误</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare builds</source>
        <translation>比较配置</translation>
    </message>
    <message>
        <source>Tick 2 to 4 builds.</source>
        <translation>勾选 2 到 4 个配置。</translation>
    </message>
    <message>
        <source>Tick 2 to 4 builds ({0} ticked).</source>
        <translation>勾选 2 到 4 个配置（已勾选 {0} 个）。</translation>
    </message>
    <message>
        <source>Best value per row in bold.</source>
        <translation>每行最优值以粗体显示。</translation>
    </message>
</context>
<context>
    <name>CompareModel</name>
    <message>
        <source>incomplete (parts on request)</source>
        <translation>不完整（部分价格另询）</translation>
    </message>
</context>
<context>
    <name>FacilityView</name>
    <message>
        <source>Failure scenarios</source>
        <translation>故障场景</translation>
    </message>
    <message>
        <source>Rack elevation</source>
        <translation>机柜立面图</translation>
    </message>
    <message>
        <source>No facility plan: the build needs a chassis.</source>
        <translation>无机房规划：该配置需要先选择机箱。</translation>
    </message>
    <message>
        <source>{0}: {1} node(s) in {2} rack(s); at the wall {3} W at the operating point, {4} W at the maximum per node; {5} V at each PSU</source>
        <translation>{0}：{1} 个节点，分布在 {2} 个机柜中；每节点市电输入端：工作点 {3} W，最大 {4} W；每个电源输入 {5} V</translation>
    </message>
</context>
<context>
    <name>FindingsPanel</name>
    <message>
        <source>Select a finding to see the numbers behind it.</source>
        <translation>选择一条检查结果以查看其背后的数据。</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>INFO</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>{e} error(s), {w} warning(s), {i} note(s)</source>
        <translation>{e} 个错误，{w} 个警告，{i} 个提示</translation>
    </message>
    <message>
        <source>✔ No findings: this build passes every rule of the profile.</source>
        <translation>✔ 无检查结果：该配置通过了规则配置中的全部规则。</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <source>Fix: {0}</source>
        <translation>修复：{0}</translation>
    </message>
</context>
<context>
    <name>GaugePanel</name>
    <message>
        <source>VRAM per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>Node power</source>
        <translation>节点功耗</translation>
    </message>
    <message>
        <source>Rack power</source>
        <translation>机柜功耗</translation>
    </message>
    <message>
        <source>Rack heat</source>
        <translation>机柜发热</translation>
    </message>
    <message>
        <source>Nodes per rack</source>
        <translation>每机柜节点数</translation>
    </message>
    <message>
        <source>Cores per GPU</source>
        <translation>每 GPU 核数</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>系统内存</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>no chassis</source>
        <translation>无机箱</translation>
    </message>
    <message>
        <source>choose a model and GPUs</source>
        <translation>请选择模型和 GPU</translation>
    </message>
    <message>
        <source>no redundancy</source>
        <translation>无冗余</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>{w:,.1f} of {budget:,.1f} kW usable</source>
        <translation>{w:,.1f} / {budget:,.1f} kW 可用</translation>
    </message>
    <message>
        <source>{btu:,.0f} of {lim:,.0f} BTU/h</source>
        <translation>{btu:,.0f} / {lim:,.0f} BTU/h</translation>
    </message>
    <message>
        <source>weights GiB</source>
        <translation>权重 GiB</translation>
    </message>
    <message>
        <source>KV cache GiB</source>
        <translation>KV 缓存 GiB</translation>
    </message>
    <message>
        <source>runtime overhead GiB</source>
        <translation>运行时开销 GiB</translation>
    </message>
    <message>
        <source>{need:,.1f} of {have:,.1f} GiB usable</source>
        <translation>{need:,.1f} / {have:,.1f} GiB 可用</translation>
    </message>
    <message>
        <source>W at the load (DC)</source>
        <translation>负载下 W（直流）</translation>
    </message>
    <message>
        <source>W more at max (DC)</source>
        <translation>最大时再增 W（直流）</translation>
    </message>
    <message>
        <source>{max:,.0f} W of {usable:,.0f} W PSU ({mode}); {load:,.0f} W at the load</source>
        <translation>{max:,.0f} W / 电源 {usable:,.0f} W（{mode}）；负载下 {load:,.0f} W</translation>
    </message>
    <message>
        <source>{max:,.0f} W, no PSU placed; {load:,.0f} W at the load</source>
        <translation>{max:,.0f} W，未放置电源；负载下 {load:,.0f} W</translation>
    </message>
    <message>
        <source>from the estimate at the client&apos;s load</source>
        <translation>取自客户负载下的估算</translation>
    </message>
    <message>
        <source>typical shares: no estimate at the load</source>
        <translation>典型比例：负载下无估算</translation>
    </message>
    <message>
        <source>At the wall: idle {idle:,.0f} W, at the load {load:,.0f} W ({basis}), max {wall:,.0f} W (sizing), extreme {extreme:,.0f} W (fans at 100 %).
Max {max:,.0f} W DC at the PSUs.
{n} PSU(s) of {rating:,.0f} W at {v:g} V, {mode}: {usable:,.0f} W usable.</source>
        <translation>市电输入端：空闲 {idle:,.0f} W，负载下 {load:,.0f} W（{basis}），最大 {wall:,.0f} W（选型依据），极限 {extreme:,.0f} W（风扇 100 %）。
电源输出端最大 {max:,.0f} W 直流。
{n} 个 {rating:,.0f} W 电源，{v:g} V，{mode}：可用 {usable:,.0f} W。</translation>
    </message>
    <message>
        <source>Each GPU draws about {w:,.0f} W at the load.</source>
        <translation>负载下每个 GPU 约 {w:,.0f} W。</translation>
    </message>
    <message>
        <source>Vendor: {vendor:,.0f} W max at the wall ({source}).</source>
        <translation>厂商：市电输入端最大 {vendor:,.0f} W（{source}）。</translation>
    </message>
    <message>
        <source>{n} node(s) in the rack at {node:,.0f} W each (wall, max). Usable: {usable:,.1f} kW per rack.</source>
        <translation>机柜中 {n} 个节点，每个 {node:,.0f} W（市电输入端，最大）。可用：每机柜 {usable:,.1f} kW。</translation>
    </message>
    <message>
        <source>{w:,.0f} W = {btu:,.0f} BTU/h; {cooling} cooling carries {lim:,.0f} W per rack.</source>
        <translation>{w:,.0f} W = {btu:,.0f} BTU/h；{cooling}散热每机柜可带走 {lim:,.0f} W。</translation>
    </message>
    <message>
        <source>power</source>
        <translation>供电</translation>
    </message>
    <message>
        <source>rack units</source>
        <translation>机架空间</translation>
    </message>
    <message>
        <source>cooling</source>
        <translation>散热</translation>
    </message>
    <message>
        <source>{n} (bound by {what})</source>
        <translation>{n}（受{what}限制）</translation>
    </message>
    <message>
        <source>{c:g} ({cores} cores, {gpus} GPUs)</source>
        <translation>{c:g}（{cores} 核，{gpus} 块 GPU）</translation>
    </message>
    <message>
        <source>{cores} cores, no GPUs</source>
        <translation>{cores} 核，无 GPU</translation>
    </message>
    <message>
        <source>{r:g} × VRAM</source>
        <translation>{r:g} × 显存</translation>
    </message>
    <message>
        <source>{gb:g} GB/core</source>
        <translation>{gb:g} GB/核</translation>
    </message>
    <message>
        <source>{gb:,.0f} GB ({ratio}, {core})</source>
        <translation>{gb:,.0f} GB（{ratio}，{core}）</translation>
    </message>
</context>
<context>
    <name>InputSpread</name>
    <message>
        <source>fixed lengths</source>
        <translation>固定长度</translation>
    </message>
    <message>
        <source>How much the prompts&apos; lengths vary: their standard deviation over their mean (chat and RAG sets 0.4-0.8). Longer prompts wait longer and the P99 prompt is prefilled longer, so the P99 TTFT and the highest rate within the targets feel it</source>
        <translation>提示长度的离散程度：标准差与均值之比（聊天和 RAG 数据集为 0.4-0.8）。较长的提示排队更久，P99 提示预填充更久，因此会影响 P99 TTFT 和满足目标的最高请求速率</translation>
    </message>
</context>
<context>
    <name>Labels</name>
    <message>
        <source>NVIDIA GPUs (CUDA)</source>
        <translation>NVIDIA GPU（CUDA）</translation>
    </message>
    <message>
        <source>AMD GPUs (ROCm)</source>
        <translation>AMD GPU（ROCm）</translation>
    </message>
    <message>
        <source>Intel Gaudi</source>
        <translation>Intel Gaudi</translation>
    </message>
    <message>
        <source>Intel GPUs (XPU)</source>
        <translation>Intel GPU（XPU）</translation>
    </message>
    <message>
        <source>Huawei Ascend NPUs</source>
        <translation>华为昇腾 NPU</translation>
    </message>
    <message>
        <source>Apple silicon GPUs (Metal)</source>
        <translation>Apple 芯片 GPU（Metal）</translation>
    </message>
    <message>
        <source>this accelerator</source>
        <translation>该加速器</translation>
    </message>
    <message>
        <source>edge</source>
        <translation>边缘</translation>
    </message>
    <message>
        <source>enterprise</source>
        <translation>企业</translation>
    </message>
    <message>
        <source>datacenter</source>
        <translation>数据中心</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>chat</source>
        <translation>聊天</translation>
    </message>
    <message>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>summarization</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>rag</source>
        <translation>RAG</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>批处理</translation>
    </message>
    <message>
        <source>price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>n+1</source>
        <translation>N+1</translation>
    </message>
    <message>
        <source>n+n</source>
        <translation>N+N</translation>
    </message>
    <message>
        <source>n+2</source>
        <translation>N+2</translation>
    </message>
    <message>
        <source>vllm</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>trtllm</source>
        <translation>TensorRT-LLM</translation>
    </message>
    <message>
        <source>sglang</source>
        <translation>SGLang</translation>
    </message>
    <message>
        <source>llamacpp</source>
        <translation>llama.cpp</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>算力</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>部件库</translation>
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
        <source>Inference Sizer project (*.isproj *.isproj.json *.json)</source>
        <translation>Inference Sizer 项目 (*.isproj *.isproj.json *.json)</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>机箱</translation>
    </message>
    <message>
        <source>Facility</source>
        <translation>机房</translation>
    </message>
    <message>
        <source>Workload and site</source>
        <translation>工作负载与场地</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Autosave failed: {0}</source>
        <translation>自动保存失败：{0}</translation>
    </message>
    <message>
        <source>&amp;New project</source>
        <translation>新建项目(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
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
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Add selected part to build</source>
        <translation>将所选部件加入配置(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Fill all slots with selected part</source>
        <translation>用所选部件填满所有插槽(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Remove selected parts</source>
        <translation>移除所选部件(&amp;R)</translation>
    </message>
    <message>
        <source>New &amp;build…</source>
        <translation>新建配置(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Duplicate build</source>
        <translation>复制配置(&amp;D)</translation>
    </message>
    <message>
        <source>Re&amp;name build…</source>
        <translation>重命名配置(&amp;N)…</translation>
    </message>
    <message>
        <source>Remove build</source>
        <translation>删除配置</translation>
    </message>
    <message>
        <source>&amp;About Inference Sizer</source>
        <translation>关于 Inference Sizer(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Compare builds…</source>
        <translation>比较配置(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Sizing assistant…</source>
        <translation>选型助手(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Probe this machine…</source>
        <translation>探测本机(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Import probe report…</source>
        <translation>导入探测报告(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Export quote…</source>
        <translation>导出报价单(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quote details…</source>
        <translation>报价信息(&amp;Q)…</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>S&amp;tart page</source>
        <translation>起始页(&amp;T)</translation>
    </message>
    <message>
        <source>C&amp;harts</source>
        <translation>图表(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Build</source>
        <translation>配置(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>({n} part(s) without a price)</source>
        <translation>（{n} 个部件无价格）</translation>
    </message>
    <message>
        <source>(estimate: {n} at reference prices)</source>
        <translation>（估算：{n} 项按参考价计）</translation>
    </message>
    <message>
        <source>add parts to see this</source>
        <translation>添加部件后即可查看</translation>
    </message>
    <message>
        <source>Next: choose a chassis in the Catalog (Chassis).</source>
        <translation>下一步：在部件库（机箱）中选择一个机箱。</translation>
    </message>
    <message>
        <source>Next: drag GPUs from the Catalog onto the chassis (or select one and press Fill all), then CPUs, memory, drives and power supplies. Still missing:</source>
        <translation>下一步：将 GPU 从部件库拖到机箱上（或选中一个后按“全部填满”），然后依次添加 CPU、内存、硬盘和电源。尚缺：</translation>
    </message>
    <message>
        <source>Throughput and latency</source>
        <translation>吞吐量与延迟</translation>
    </message>
    <message>
        <source>Power and rack</source>
        <translation>功耗与机柜</translation>
    </message>
    <message>
        <source>Choose a chassis first.</source>
        <translation>请先选择机箱。</translation>
    </message>
    <message>
        <source>No free slot in {chassis} takes {part}.</source>
        <translation>{chassis} 中没有可容纳 {part} 的空插槽。</translation>
    </message>
    <message>
        <source>Build {0}</source>
        <translation>配置 {0}</translation>
    </message>
    <message>
        <source>{0} copy</source>
        <translation>{0} 副本</translation>
    </message>
    <message>
        <source>Rename build</source>
        <translation>重命名配置</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>{name}[*] — Inference Sizer</source>
        <translation>{name}[*] — Inference Sizer</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The project has unsaved changes. Save them?</source>
        <translation>项目有未保存的更改。是否保存？</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <source>Cannot open project</source>
        <translation>无法打开项目</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <source>Project changed on disk</source>
        <translation>项目文件已在磁盘上被修改</translation>
    </message>
    <message>
        <source>{path} was changed by another window or program since you opened it.
Overwrite those changes with yours? (Cancel, then Save As, keeps both.)</source>
        <translation>自您打开以来，{path} 已被另一个窗口或程序修改。
要用您的内容覆盖那些修改吗？（选择“取消”后再“另存为”，可同时保留两者。）</translation>
    </message>
    <message>
        <source>Cannot save project</source>
        <translation>无法保存项目</translation>
    </message>
    <message>
        <source>{path}: {reason}</source>
        <translation>{path}：{reason}</translation>
    </message>
    <message>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
    <message>
        <source>Recover unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <source>Inference Sizer did not close properly. Recover the unsaved project “{name}”?</source>
        <translation>Inference Sizer 上次未正常关闭。是否恢复未保存的项目“{name}”？</translation>
    </message>
    <message>
        <source>Import probe report</source>
        <translation>导入探测报告</translation>
    </message>
    <message>
        <source>Probe report (*.json)</source>
        <translation>探测报告 (*.json)</translation>
    </message>
    <message>
        <source>Cannot import probe report</source>
        <translation>无法导入探测报告</translation>
    </message>
    <message>
        <source>Probe report stored: {0}</source>
        <translation>探测报告已保存：{0}</translation>
    </message>
    <message>
        <source>Delete your part “{0}”?</source>
        <translation>删除您的部件“{0}”？</translation>
    </message>
    <message>
        <source>Builds that use it will report it as unknown: {0}</source>
        <translation>使用该部件的配置将把它报告为未知部件：{0}</translation>
    </message>
    <message>
        <source>Delete part</source>
        <translation>删除部件</translation>
    </message>
    <message>
        <source>Add or duplicate a build to compare (Build menu).</source>
        <translation>请先添加或复制一个配置再进行比较（配置菜单）。</translation>
    </message>
    <message>
        <source>PDF quote (*.pdf)</source>
        <translation>PDF 报价单 (*.pdf)</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export quote</source>
        <translation>导出报价单</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>Exported {0}</source>
        <translation>已导出 {0}</translation>
    </message>
    <message>
        <source>About Inference Sizer</source>
        <translation>关于 Inference Sizer</translation>
    </message>
    <message>
        <source>Inference Sizer {version}
Catalog {catalog}
Database: {path}</source>
        <translation>Inference Sizer {version}
部件库 {catalog}
数据库：{path}</translation>
    </message>
    <message>
        <source>Inference Sizer</source>
        <translation>Inference Sizer</translation>
    </message>
    <message>
        <source>Cannot open the catalog:
{0}</source>
        <translation>无法打开部件库：
{0}</translation>
    </message>
</context>
<context>
    <name>NewBuildDialog</name>
    <message>
        <source>New build</source>
        <translation>新建配置</translation>
    </message>
    <message>
        <source>Power, cooling and rack space come from the site; adjust them later in Workload and site.</source>
        <translation>供电、散热和机架空间取自场地设置；之后可在“工作负载与场地”中调整。</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Chassis:</source>
        <translation>机箱：</translation>
    </message>
    <message>
        <source>Site:</source>
        <translation>场地：</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>配置</translation>
    </message>
</context>
<context>
    <name>OverlayCharts</name>
    <message>
        <source>Builds overlaid</source>
        <translation>配置叠加对比</translation>
    </message>
    <message>
        <source>concurrent requests</source>
        <translation>并发请求数</translation>
    </message>
    <message>
        <source>Output tokens/s, whole build</source>
        <translation>输出令牌/秒（整套配置）</translation>
    </message>
    <message>
        <source>tok/s</source>
        <translation>令牌/秒</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首字延迟</translation>
    </message>
    <message>
        <source>TTFT (ms)</source>
        <translation>TTFT（ms）</translation>
    </message>
</context>
<context>
    <name>PartEditor</name>
    <message>
        <source>Part: {0}</source>
        <translation>部件：{0}</translation>
    </message>
    <message>
        <source>your copy of {0}: {1}</source>
        <translation>{0} 的副本：{1}</translation>
    </message>
    <message>
        <source>part</source>
        <translation>部件</translation>
    </message>
</context>
<context>
    <name>PartFields</name>
    <message>
        <source>Catalog ID</source>
        <translation>部件库 ID</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Manufacturer part number</source>
        <translation>制造商料号</translation>
    </message>
    <message>
        <source>List price</source>
        <translation>目录价</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Form factor</source>
        <translation>外形规格</translation>
    </message>
    <message>
        <source>GPU memory (GiB)</source>
        <translation>显存（GiB）</translation>
    </message>
    <message>
        <source>Memory type</source>
        <translation>内存类型</translation>
    </message>
    <message>
        <source>Memory bandwidth (GB/s)</source>
        <translation>显存带宽（GB/s）</translation>
    </message>
    <message>
        <source>FP16 dense (TFLOPS)</source>
        <translation>FP16 稠密算力（TFLOPS）</translation>
    </message>
    <message>
        <source>BF16 dense (TFLOPS)</source>
        <translation>BF16 稠密算力（TFLOPS）</translation>
    </message>
    <message>
        <source>FP8 dense (TFLOPS)</source>
        <translation>FP8 稠密算力（TFLOPS）</translation>
    </message>
    <message>
        <source>INT8 dense (TOPS)</source>
        <translation>INT8 稠密算力（TOPS）</translation>
    </message>
    <message>
        <source>FP4 dense (TFLOPS)</source>
        <translation>FP4 稠密算力（TFLOPS）</translation>
    </message>
    <message>
        <source>Power limit, maximum (W)</source>
        <translation>功耗限制上限（W）</translation>
    </message>
    <message>
        <source>Power limit, lowest configurable (W)</source>
        <translation>可设置的最低功耗限制（W）</translation>
    </message>
    <message>
        <source>PCIe generation</source>
        <translation>PCIe 代数</translation>
    </message>
    <message>
        <source>PCIe lanes</source>
        <translation>PCIe 通道</translation>
    </message>
    <message>
        <source>Slot width</source>
        <translation>槽宽</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散热</translation>
    </message>
    <message>
        <source>GPU interconnect</source>
        <translation>GPU 互联</translation>
    </message>
    <message>
        <source>Interconnect bandwidth (GB/s)</source>
        <translation>互联带宽（GB/s）</translation>
    </message>
    <message>
        <source>Peer-to-peer</source>
        <translation>点对点通信</translation>
    </message>
    <message>
        <source>Consumer card</source>
        <translation>消费级显卡</translation>
    </message>
    <message>
        <source>Baseboard family</source>
        <translation>基板系列</translation>
    </message>
    <message>
        <source>Socket</source>
        <translation>CPU 插槽</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>核数</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <source>Base clock (GHz)</source>
        <translation>基础频率（GHz）</translation>
    </message>
    <message>
        <source>Boost clock (GHz)</source>
        <translation>睿频（GHz）</translation>
    </message>
    <message>
        <source>Memory channels</source>
        <translation>内存通道数</translation>
    </message>
    <message>
        <source>Memory speed, maximum (MT/s)</source>
        <translation>最高内存速率（MT/s）</translation>
    </message>
    <message>
        <source>PCIe lanes in a 2-socket node</source>
        <translation>双路节点中的 PCIe 通道数</translation>
    </message>
    <message>
        <source>Sockets, maximum</source>
        <translation>最大路数</translation>
    </message>
    <message>
        <source>Capacity (GB)</source>
        <translation>容量（GB）</translation>
    </message>
    <message>
        <source>Speed (MT/s)</source>
        <translation>速率（MT/s）</translation>
    </message>
    <message>
        <source>Power (W)</source>
        <translation>功耗（W）</translation>
    </message>
    <message>
        <source>Port speed (Gb/s)</source>
        <translation>端口速率（Gb/s）</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>端口数</translation>
    </message>
    <message>
        <source>Network type</source>
        <translation>网络类型</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>Rating at 200-240 V (W)</source>
        <translation>200-240 V 下额定功率（W）</translation>
    </message>
    <message>
        <source>Rating at 100-127 V (W)</source>
        <translation>100-127 V 下额定功率（W）</translation>
    </message>
    <message>
        <source>Efficiency class</source>
        <translation>能效等级</translation>
    </message>
    <message>
        <source>Efficiency at 50 % load</source>
        <translation>50 % 负载时的效率</translation>
    </message>
    <message>
        <source>Power inlet (IEC 60320)</source>
        <translation>电源输入插座（IEC 60320）</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>接口</translation>
    </message>
    <message>
        <source>Sequential read (MB/s)</source>
        <translation>顺序读取（MB/s）</translation>
    </message>
    <message>
        <source>Height (U)</source>
        <translation>高度（U）</translation>
    </message>
    <message>
        <source>GPU positions</source>
        <translation>GPU 位数</translation>
    </message>
    <message>
        <source>GPU form factor</source>
        <translation>GPU 外形规格</translation>
    </message>
    <message>
        <source>GPU width, maximum (slots)</source>
        <translation>GPU 最大宽度（槽位）</translation>
    </message>
    <message>
        <source>GPU power, air-cooled maximum (W)</source>
        <translation>GPU 风冷最大功耗（W）</translation>
    </message>
    <message>
        <source>Liquid cooling option</source>
        <translation>液冷选项</translation>
    </message>
    <message>
        <source>CPU sockets</source>
        <translation>CPU 插槽数</translation>
    </message>
    <message>
        <source>CPU socket type</source>
        <translation>CPU 插槽类型</translation>
    </message>
    <message>
        <source>DIMM slots per socket</source>
        <translation>每个 CPU 插槽的内存插槽数</translation>
    </message>
    <message>
        <source>Memory channels per socket</source>
        <translation>每个 CPU 插槽的内存通道数</translation>
    </message>
    <message>
        <source>PCIe slots</source>
        <translation>PCIe 插槽数</translation>
    </message>
    <message>
        <source>PCIe lanes per slot</source>
        <translation>每插槽 PCIe 通道数</translation>
    </message>
    <message>
        <source>PCIe switches</source>
        <translation>PCIe 交换芯片</translation>
    </message>
    <message>
        <source>PSU bays</source>
        <translation>电源仓位</translation>
    </message>
    <message>
        <source>PSU rating, minimum (W)</source>
        <translation>电源最低额定功率（W）</translation>
    </message>
    <message>
        <source>Drive bays</source>
        <translation>硬盘仓位</translation>
    </message>
    <message>
        <source>Drive form factors</source>
        <translation>硬盘规格</translation>
    </message>
    <message>
        <source>M.2 boot slots</source>
        <translation>M.2 启动插槽</translation>
    </message>
    <message>
        <source>Chassis baseline power (W)</source>
        <translation>机箱基础功耗（W）</translation>
    </message>
    <message>
        <source>Fan power per GPU watt</source>
        <translation>每瓦 GPU 功耗对应的风扇功耗</translation>
    </message>
    <message>
        <source>Vendor&apos;s maximum system power (W)</source>
        <translation>厂商标称最大系统功耗（W）</translation>
    </message>
    <message>
        <source>Source of the vendor&apos;s maximum</source>
        <translation>厂商最大值的来源</translation>
    </message>
    <message>
        <source>Weight (kg)</source>
        <translation>重量（kg）</translation>
    </message>
    <message>
        <source>Inlet air, maximum (°C)</source>
        <translation>最高进风温度（°C）</translation>
    </message>
    <message>
        <source>Built for open-air GPUs</source>
        <translation>适配开放式散热 GPU</translation>
    </message>
    <message>
        <source>GPU baseboards</source>
        <translation>GPU 基板</translation>
    </message>
    <message>
        <source>Model family</source>
        <translation>模型系列</translation>
    </message>
    <message>
        <source>Parameters, total (billions)</source>
        <translation>总参数量（十亿）</translation>
    </message>
    <message>
        <source>Parameters, active per token (billions)</source>
        <translation>每令牌激活参数量（十亿）</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力类型</translation>
    </message>
    <message>
        <source>KV latent rank (MLA)</source>
        <translation>KV 潜向量秩（MLA）</translation>
    </message>
    <message>
        <source>RoPE head dimension (MLA)</source>
        <translation>RoPE 头维度（MLA）</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Context window (tokens)</source>
        <translation>上下文窗口（令牌）</translation>
    </message>
    <message>
        <source>Sliding window (tokens)</source>
        <translation>滑动窗口（令牌）</translation>
    </message>
    <message>
        <source>Layers with the sliding window</source>
        <translation>滑动窗口层数</translation>
    </message>
    <message>
        <source>Routed experts (MoE)</source>
        <translation>路由专家数（MoE）</translation>
    </message>
    <message>
        <source>Experts per token (MoE)</source>
        <translation>每个 token 激活的专家数（MoE）</translation>
    </message>
    <message>
        <source>Parameters in the routed experts (billions)</source>
        <translation>路由专家参数量（十亿）</translation>
    </message>
    <message>
        <source>Experts-only low-bit checkpoint</source>
        <translation>仅专家层量化的低比特权重</translation>
    </message>
    <message>
        <source>Released precision (if not 16 bit)</source>
        <translation>发布精度（非 16 位时）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>Perf</name>
    <message>
        <source>no cost: give --capex/--power-w or --hourly-rate (the catalog has no price for this GPU)</source>
        <translation>无成本：请给出 --capex/--power-w 或 --hourly-rate（部件库中没有该 GPU 的价格）</translation>
    </message>
    <message>
        <source>capex = catalog GPU price only ({price:,.0f} x {count}); the rest of the server is not counted</source>
        <translation>资本支出 = 仅部件库 GPU 价格（{price:,.0f} x {count}）；服务器其余部分未计入</translation>
    </message>
    <message>
        <source>power = GPU TDP x {count} x 1.3 for the host ({power_w:,.0f} W); give --power-w for the BOM figure</source>
        <translation>功耗 = GPU TDP x {count} x 1.3（含主机，{power_w:,.0f} W）；如需按物料清单计算，请给出 --power-w</translation>
    </message>
    <message>
        <source>conc</source>
        <translation>并发</translation>
    </message>
    <message>
        <source>TTFT ms</source>
        <translation>TTFT 毫秒</translation>
    </message>
    <message>
        <source>TPOT ms</source>
        <translation>TPOT 毫秒</translation>
    </message>
    <message>
        <source>tok/s/user</source>
        <translation>每用户令牌/秒</translation>
    </message>
    <message>
        <source>tok/s total</source>
        <translation>总令牌/秒</translation>
    </message>
    <message>
        <source>req/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <source>max concurrency {kv:,} (KV cache)</source>
        <translation>最大并发 {kv:,}（按 KV 缓存）</translation>
    </message>
    <message>
        <source>, {slo:,} within the targets</source>
        <translation>，满足目标时 {slo:,}</translation>
    </message>
    <message>
        <source>{gpu} x{count} (TP {tp} x PP {pp}, {replicas} replica(s), {link}), {model} {weights} / KV {kv}, {engine}, {input} in / {output} out, concurrency {concurrency}</source>
        <translation>{gpu} x{count}（TP {tp} x PP {pp}，{replicas} 个副本，{link}），{model} {weights} / KV {kv}，{engine}，输入 {input} / 输出 {output}，并发 {concurrency}</translation>
    </message>
    <message>
        <source>({bound}-bound decode)</source>
        <translation>（解码受 {bound} 限制）</translation>
    </message>
    <message>
        <source>per user</source>
        <translation>每用户</translation>
    </message>
    <message>
        <source>total output</source>
        <translation>总输出</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>peaks</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>assumes: {assumption}</source>
        <translation>假设：{assumption}</translation>
    </message>
    <message>
        <source>WARNING: {warning}</source>
        <translation>警告：{warning}</translation>
    </message>
    <message>
        <source>$/Mtok out</source>
        <translation>$/百万输出令牌</translation>
    </message>
    <message>
        <source>(queued for KV)</source>
        <translation>（等待 KV 缓存）</translation>
    </message>
    <message>
        <source>(queued: {setting})</source>
        <translation>（排队：{setting}）</translation>
    </message>
    <message>
        <source>bands: {bands}</source>
        <translation>置信区间：{bands}</translation>
    </message>
    <message>
        <source>{per_million:,.3f} {currency}/M output tokens (+/- {band:.0%}); {hourly:,.2f} {currency}/h: {basis}</source>
        <translation>{per_million:,.3f} {currency}/百万输出令牌（+/- {band:.0%}）；{hourly:,.2f} {currency}/小时：{basis}</translation>
    </message>
    <message>
        <source>note: {note}</source>
        <translation>注：{note}</translation>
    </message>
    <message>
        <source>rate {rate:,.2f} {currency}/h</source>
        <translation>费率 {rate:,.2f} {currency}/小时</translation>
    </message>
    <message>
        <source>capex {capex:,.0f} {currency} over {years:g} years</source>
        <translation>资本支出 {capex:,.0f} {currency}，分 {years:g} 年摊销</translation>
    </message>
    <message>
        <source>{power_w:,.0f} W x {price:g} {currency}/kWh x PUE {pue:g}</source>
        <translation>{power_w:,.0f} W x {price:g} {currency}/kWh x PUE {pue:g}</translation>
    </message>
    <message>
        <source>no cost inputs</source>
        <translation>无成本输入</translation>
    </message>
    <message>
        <source>; {utilisation:.0%} of hours serving</source>
        <translation>；{utilisation:.0%} 的时间处于服务状态</translation>
    </message>
    <message>
        <source>build {name!r} has no workload</source>
        <translation>配置 {name!r} 没有工作负载</translation>
    </message>
    <message>
        <source>build {name!r} has no GPUs placed</source>
        <translation>配置 {name!r} 未安装 GPU</translation>
    </message>
    <message>
        <source>build {name!r} mixes GPU models ({gpus})</source>
        <translation>配置 {name!r} 混用了不同型号的 GPU（{gpus}）</translation>
    </message>
    <message>
        <source>LLM {llm!r} is not in the catalog</source>
        <translation>部件库中没有 LLM {llm!r}</translation>
    </message>
    <message>
        <source>TP {tp} x PP {pp} needs {needed} GPUs; the build has {count}</source>
        <translation>TP {tp} x PP {pp} 需要 {needed} 块 GPU；该配置只有 {count} 块</translation>
    </message>
    <message>
        <source>~{value} (+/- {band:d} %)</source>
        <translation>~{value}（+/- {band:d}%）</translation>
    </message>
    <message>
        <source>~{value} {unit} (+/- {band:d} %)</source>
        <translation>~{value} {unit}（+/- {band:d}%）</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>tok/s</source>
        <translation>令牌/秒</translation>
    </message>
    <message>
        <source>KV cache holds {running} requests per replica; {queued} more wait for space (TTFT includes it)</source>
        <translation>KV 缓存每个副本可容纳 {running} 个请求；另有 {queued} 个请求在等待空间（已计入 TTFT）</translation>
    </message>
    <message>
        <source>{engine} runs at most {running} requests per replica at once ({setting} {running}); {queued} more wait for a slot (TTFT includes it). Raise {setting} if the KV cache has room.</source>
        <translation>{engine} 每个副本最多同时运行 {running} 个请求（{setting} {running}）；另有 {queued} 个请求在等待空位（已计入 TTFT）。若 KV 缓存仍有余量，可调大 {setting}。</translation>
    </message>
    <message>
        <source>measured {gbs:.0f} GB/s ({source})</source>
        <translation>实测 {gbs:.0f} GB/s（{source}）</translation>
    </message>
    <message>
        <source>at {rate:g} requests/s (Poisson arrivals) about {conc} in flight; TTFT mean {ttft:,.0f} ms, P99 {ttft99:,.0f} ms; TPOT mean {tpot:.1f} ms, P99 {tpot99:.1f} ms</source>
        <translation>{rate:g} 请求/秒（泊松到达）时约有 {conc} 个请求在处理中；TTFT 平均 {ttft:,.0f} ms，P99 {ttft99:,.0f} ms；TPOT 平均 {tpot:.1f} ms，P99 {tpot99:.1f} ms</translation>
    </message>
    <message>
        <source>the build serves only {served:.2f} requests/s: requests queue without bound</source>
        <translation>该配置只能处理 {served:.2f} 请求/秒：请求队列将无限增长</translation>
    </message>
    <message>
        <source>highest rate within the P99 targets: {best:.2f} requests/s</source>
        <translation>满足 P99 目标的最高速率：{best:.2f} 请求/秒</translation>
    </message>
    <message>
        <source>power = {count} GPU(s) at the operating point on a reference host ({power_w:,.0f} W at the wall); give --power-w for the build&apos;s figure</source>
        <translation>功耗 = 参考主机上 {count} 块 GPU 在工作点的功耗（市电输入端 {power_w:,.0f} W）；如需本配置的数值，请给出 --power-w</translation>
    </message>
    <message>
        <source>power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>~{gpu_w:,.0f} W per GPU at this load (prefill {prefill_w:,.0f} W, idle {idle_w:,.0f} W); ~{node_w:,.0f} W per node on a reference host</source>
        <translation>此负载下每 GPU ~{gpu_w:,.0f} W（预填充 {prefill_w:,.0f} W，空闲 {idle_w:,.0f} W）；参考主机上每节点 ~{node_w:,.0f} W</translation>
    </message>
    <message>
        <source>offline: {engine}&apos;s step budget ({setting} {tokens:,.0f} tokens) decodes at most {n:,} requests at once a replica</source>
        <translation>离线：{engine} 的单步预算（{setting} {tokens:,.0f} 个 token）使每个副本最多同时解码 {n:,} 个请求</translation>
    </message>
    <message>
        <source>offline: {engine} runs at most {n:,} requests at once a replica ({setting} {n}, as given)</source>
        <translation>离线：{engine} 每个副本最多同时运行 {n:,} 个请求（{setting} {n}，按给定值）</translation>
    </message>
    <message>
        <source>offline: {engine} runs at most {n:,} requests at once a replica ({setting} {n}, its default on this GPU since vLLM 0.9; older releases&apos; V0 engine ran {v0}: give --max-num-seqs to compare with such a run)</source>
        <translation>离线：{engine} 每个副本最多同时运行 {n:,} 个请求（{setting} {n}，vLLM 0.9 起在此 GPU 上的默认值；更早版本的 V0 引擎为 {v0}：与此类运行对比时请给出 --max-num-seqs）</translation>
    </message>
    <message>
        <source>offline: {engine} runs at most {n:,} requests at once a replica ({setting} {n}, its default; give --max-num-seqs for another)</source>
        <translation>离线：{engine} 每个副本最多同时运行 {n:,} 个请求（{setting} {n}，其默认值；如需其他值请给出 --max-num-seqs）</translation>
    </message>
    <message>
        <source>FP4 checkpoint with MXFP4 experts and BF16 attention: the experts run with MXFP8 activations (W4A8) on GPUs with MX tensor cores, else with 16-bit activations (W4A16); here {peak}</source>
        <translation>FP4 检查点的专家为 MXFP4、注意力为 BF16：在具备 MX 张量核心的 GPU 上专家以 MXFP8 激活运行（W4A8），否则以 16 位激活运行（W4A16）；此处为 {peak}</translation>
    </message>
    <message>
        <source>; the BF16 attention and unembedding at the BF16 peak</source>
        <translation>；BF16 的注意力和反嵌入（输出投影）按 BF16 峰值计算</translation>
    </message>
    <message>
        <source>datasheet {gbs:.0f} GB/s</source>
        <translation>规格表 {gbs:.0f} GB/s</translation>
    </message>
    <message>
        <source>measured {tflops:.0f} TFLOPS {precision}</source>
        <translation>实测 {tflops:.0f} TFLOPS {precision}</translation>
    </message>
    <message>
        <source>datasheet {tflops:.0f} TFLOPS {precision} dense</source>
        <translation>规格表 {tflops:.0f} TFLOPS {precision} 稠密</translation>
    </message>
    <message>
        <source>x {factor:.2f} sustained clock</source>
        <translation>× {factor:.2f} 持续时钟</translation>
    </message>
    <message>
        <source>{gpu} shares its die with a {ref_w:g} W board: under dense load at {watts:g} W it holds {share:.0%} of its datasheet compute peak (clock x (power / {ref_w:g} W)^{exp:g}, the power-cap law); memory bandwidth unchanged</source>
        <translation>{gpu} 与一款 {ref_w:g} W 的板卡使用同一颗芯片：在 {watts:g} W 的高负载下只能保持其规格算力峰值的 {share:.0%}（时钟 × (功率 / {ref_w:g} W)^{exp:g}，功耗上限规律）；显存带宽不变</translation>
    </message>
    <message>
        <source> x calibrated efficiency</source>
        <translation> x 校准效率</translation>
    </message>
    <message>
        <source>{gpu} lists no GPU-to-GPU fabric: PCIe costs used</source>
        <translation>{gpu} 未列出 GPU 间互联：按 PCIe 开销计算</translation>
    </message>
    <message>
        <source>{gpu} has no PCIe peer-to-peer: all-reduce goes through host memory</source>
        <translation>{gpu} 不支持 PCIe 点对点：All-Reduce 需经主机内存中转</translation>
    </message>
    <message>
        <source>TP {tp} over PCIe: every layer waits on two all-reduces; consider PP or a bigger GPU</source>
        <translation>经 PCIe 的 TP {tp}：每层都要等待两次 All-Reduce；建议改用 PP 或更大的 GPU</translation>
    </message>
    <message>
        <source>PCIe all-reduce cost is from Vidur&apos;s profiled PCIe latency, not fitted to serving data</source>
        <translation>PCIe All-Reduce 开销取自 Vidur 实测的 PCIe 延迟，未按推理服务数据拟合</translation>
    </message>
    <message>
        <source>MoE expert count unknown: expert hit rate taken as active/total parameters</source>
        <translation>MoE 专家数未知：专家命中率按激活参数/总参数计</translation>
    </message>
    <message>
        <source>no room for even one request&apos;s KV cache at this context length</source>
        <translation>在此上下文长度下，连一个请求的 KV 缓存都放不下</translation>
    </message>
    <message>
        <source>{unused} GPU(s) unused by TP {tp} x PP {pp}</source>
        <translation>TP {tp} x PP {pp} 未使用 {unused} 块 GPU</translation>
    </message>
    <message>
        <source>sliding window {window}: KV reads capped at the window on every layer</source>
        <translation>滑动窗口 {window}：每层的 KV 读取量以窗口为上限</translation>
    </message>
    <message>
        <source>sliding window {window} on {share:.0%} of the layers: their KV reads stop at the window, the other layers read the whole context</source>
        <translation>{share:.0%} 的层使用 {window} 滑动窗口：这些层的 KV 读取止于窗口，其余层读取整个上下文</translation>
    </message>
    <message>
        <source>{engine} on {cls} GPUs: efficiencies fitted as one with {other}&apos;s, on both engines&apos; measurements on these GPUs</source>
        <translation>{engine} 在 {cls} GPU 上：效率与 {other} 合并拟合为同一数值，依据两种引擎在这些 GPU 上的实测</translation>
    </message>
    <message>
        <source>(steady state ~{steady}; the first round&apos;s burst adds {cold})</source>
        <translation>（稳态约 {steady}；首轮突发增加 {cold}）</translation>
    </message>
    <message>
        <source>the probe&apos;s peaks move this estimate against the datasheet&apos;s: TTFT {ttft:+.0%}, TPOT {tpot:+.0%}, total output {tps:+.0%}</source>
        <translation>与规格峰值相比，探测实测峰值使本估算变化：TTFT {ttft:+.0%}，TPOT {tpot:+.0%}，总输出 {tps:+.0%}</translation>
    </message>
    <message>
        <source>{engine} on {cls} GPUs: its MoE path is calibrated on its own MoE measurements; weight-read and GEMM efficiencies are {other}&apos;s</source>
        <translation>{engine} 在 {cls} GPU 上：其 MoE 路径按其自身的 MoE 实测校准；权重读取与 GEMM 效率沿用 {other} 的数值</translation>
    </message>
    <message>
        <source>vLLM&apos;s MoE path on MI350X/MI355X measured slower than this estimate: decode 1.4-1.7x the estimated TPOT in vLLM&apos;s January 2026 ROCm benchmarks (this GPU class is calibrated on SGLang); bands widened</source>
        <translation>vLLM 在 MI350X/MI355X 上的 MoE 路径实测慢于本估算：在 vLLM 2026 年 1 月的 ROCm 基准测试中，解码的 TPOT 为估算值的 1.4-1.7 倍（该 GPU 类别按 SGLang 的实测校准）；置信区间已放宽</translation>
    </message>
    <message>
        <source>no {engine} measurements on {cls} GPUs in the calibration: efficiencies borrowed</source>
        <translation>校准数据中没有 {engine} 在 {cls} GPU 上的实测：效率借用其他数据</translation>
    </message>
    <message>
        <source>calibration data are NVIDIA GPUs; {vendor} kernels may reach other efficiencies</source>
        <translation>校准数据来自 NVIDIA GPU；{vendor} 的内核效率可能不同</translation>
    </message>
    <message>
        <source>{vendor} GPUs calibrated on their own measurements (class {cls}); bands from their held-out errors</source>
        <translation>{vendor} GPU 按其自身实测数据校准（类别 {cls}）；置信区间取自其留出数据误差</translation>
    </message>
    <message>
        <source>llama.cpp with parallel slots: batching efficiency not calibrated</source>
        <translation>llama.cpp 并行槽位：批处理效率未经校准</translation>
    </message>
    <message>
        <source>min</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>h</source>
        <translation>小时</translation>
    </message>
    <message>
        <source>TP {tp} does not split {model}&apos;s attention ({heads} heads, {kv} KV heads): engines refuse to start it; these figures are for a layout that cannot run</source>
        <translation>TP {tp} 无法切分 {model} 的注意力（{heads} 个头、{kv} 个 KV 头）：推理引擎会拒绝启动；这些数字对应一个无法运行的布局</translation>
    </message>
    <message>
        <source>TP {tp} does not split {model}&apos;s attention ({heads} heads, {kv} KV heads): engines refuse to start it</source>
        <translation>TP {tp} 无法切分 {model} 的注意力（{heads} 个头、{kv} 个 KV 头）：推理引擎会拒绝启动</translation>
    </message>
    <message>
        <source>expert parallelism {ep} has nothing to split: {model} is dense (no MoE experts); estimated as TP {tp} alone</source>
        <translation>专家并行 {ep} 无可切分：{model} 是稠密模型（没有 MoE 专家）；按单纯 TP {tp} 估算</translation>
    </message>
    <message>
        <source>from the client sending the request to the first streamed chunk it receives (vllm bench serve, benchmark_serving: the first server-sent event, even one without text), so it holds the HTTP round trip, tokenization, the wait for a step and the prefill</source>
        <translation>从客户端发出请求到收到第一个流式数据块为止（vllm bench serve、benchmark_serving：第一个服务器推送事件，即使其中没有文本），因此包含 HTTP 往返、分词、等待调度步和预填充</translation>
    </message>
    <message>
        <source>from the client sending the request to trtllm-serve to the first streamed token it receives (benchmark_serving, genai-perf); the PyTorch executor returns a request&apos;s first token with its prefill step</source>
        <translation>从客户端向 trtllm-serve 发出请求到收到第一个流式令牌为止（benchmark_serving、genai-perf）；PyTorch 执行器在请求的预填充步完成时返回其第一个令牌</translation>
    </message>
    <message>
        <source>from the client sending the request to the first streamed chunk it receives (sglang.bench_serving, the same definition as vLLM&apos;s); SGLang streams a request&apos;s first token as soon as its prefill ends</source>
        <translation>从客户端发出请求到收到第一个流式数据块为止（sglang.bench_serving，与 vLLM 的定义相同）；SGLang 在请求的预填充结束后立即推送其第一个令牌</translation>
    </message>
    <message>
        <source>from the client sending the request to llama-server to the first streamed token it receives; the server&apos;s own timings (prompt_ms) count the prompt&apos;s processing alone, without the wait for a slot, so they read lower</source>
        <translation>从客户端向 llama-server 发出请求到收到第一个流式令牌为止；服务器自身的计时（prompt_ms）只计提示词处理本身，不含等待空闲槽位的时间，因此读数更低</translation>
    </message>
    <message>
        <source>offline: {engine} runs at most {n:,} requests at once a replica with steps of up to {tokens:,.0f} tokens (max_batch_size and max_num_tokens as trtllm-bench sizes them from the KV cache for these lengths; give --max-num-seqs for another)</source>
        <translation>离线：{engine} 每个副本最多同时运行 {n:,} 个请求，每步最多 {tokens:,.0f} 个 token（max_batch_size 与 max_num_tokens 按 trtllm-bench 依据 KV 缓存和这些长度所定的值；如需其他值请给出 --max-num-seqs）</translation>
    </message>
    <message>
        <source>offline: {engine} runs at most {n:,} requests at once a replica ({setting} {n}, its default: SGLang sizes it from its KV pool, {lo:,} to {hi:,}; give --max-num-seqs for another)</source>
        <translation>离线：{engine} 每个副本最多同时运行 {n:,} 个请求（{setting} {n}，其默认值：SGLang 按其 KV 池确定，介于 {lo:,} 到 {hi:,}；如需其他值请给出 --max-num-seqs）</translation>
    </message>
    <message>
        <source>= {share:.0%} of a stock {gpu}&apos;s {stock:.0f} ({engine}, {date})</source>
        <translation>= 原厂标准 {gpu} 实测值 {stock:.0f} 的 {share:.0%}（{engine}，{date}）</translation>
    </message>
    <message>
        <source>/ {ceiling:.2f}, a good probe&apos;s share of the datasheet</source>
        <translation>/ {ceiling:.2f}（良好探测可达的规格值比例）</translation>
    </message>
    <message>
        <source>{n:,} tokens per request exceed {model}&apos;s {max:,}-token context window: the engines refuse such requests; the figures assume they were taken</source>
        <translation>每个请求 {n:,} 个令牌，超出 {model} 的 {max:,} 令牌上下文窗口：推理引擎会拒绝此类请求；这些数字按已接受计算</translation>
    </message>
    <message>
        <source>{engine}: weight streaming at {eta:.0%} of measured bandwidth, prefill MFU up to {mfu:.0%} of {precision} peak</source>
        <translation>{engine}：权重读取达到实测带宽的 {eta:.0%}，预填充 MFU 最高为 {precision} 峰值的 {mfu:.0%}</translation>
    </message>
    <message>
        <source>{engine}: weight streaming at {eta:.0%} of datasheet bandwidth, prefill MFU up to {mfu:.0%} of {precision} peak</source>
        <translation>{engine}：权重读取达到规格表带宽的 {eta:.0%}，预填充 MFU 最高为 {precision} 峰值的 {mfu:.0%}</translation>
    </message>
    <message>
        <source>fixed floor {floor_ms:.2f} ms per decode step ({layer_us:.0f} us/layer; the host&apos;s {step_ms:.2f} ms a step overlaps the GPU&apos;s work)</source>
        <translation>每个解码步固定下限 {floor_ms:.2f} ms（{layer_us:.0f} us/层；主机每步 {step_ms:.2f} ms 的工作与 GPU 计算重叠）</translation>
    </message>
    <message>
        <source>fixed floor {floor_ms:.2f} ms per decode step ({layer_us:.0f} us/layer + {step_ms:.2f} ms/step)</source>
        <translation>每个解码步固定下限 {floor_ms:.2f} ms（{layer_us:.0f} us/层 + {step_ms:.2f} ms/步）</translation>
    </message>
    <message>
        <source>KV cache {kv}: {budget:.1f} GiB per GPU after weights {weights:.1f} GiB and overhead {overhead:.1f} GiB of {usable:.1f} GiB usable ({engine}&apos;s memory budget), {tokens} tokens per request</source>
        <translation>KV 缓存 {kv}：可用的 {usable:.1f} GiB 扣除权重 {weights:.1f} GiB 和开销 {overhead:.1f} GiB 后，每 GPU 剩余 {budget:.1f} GiB（{engine} 的显存预算），每个请求 {tokens} 个令牌</translation>
    </message>
    <message>
        <source>interconnect {link}</source>
        <translation>互联 {link}</translation>
    </message>
    <message>
        <source>prefix cache: the first {prefix:,} of {tokens:,} prompt tokens are cached (a shared system prompt or context); prefill computes the other {fresh:,}, attending to all; the prefix&apos;s KV is held once per replica</source>
        <translation>前缀缓存：{tokens:,} 个提示令牌中前 {prefix:,} 个已缓存（共享的系统提示或上下文）；预填充只计算其余 {fresh:,} 个，注意力覆盖全部令牌；前缀的 KV 在每个副本中只保存一份</translation>
    </message>
    <message>
        <source>a warm engine, its kernels compiled for every batch shape: a freshly started engine, or a benchmark that warms up on one prompt, may compile them during its first batches (JIT kernels: AITER and Triton on ROCm, DeepGEMM on NVIDIA), seconds each, not modelled</source>
        <translation>假定引擎已预热，各批次形状的内核均已编译：新启动的引擎，或只用同一提示预热的基准测试，可能在最初几个批次中编译这些内核（即时编译内核：ROCm 上的 AITER 与 Triton，NVIDIA 上的 DeepGEMM），每次需数秒，未建模</translation>
    </message>
    <message>
        <source>TTFT as {engine} is benchmarked: {definition}</source>
        <translation>{engine} 基准测试中的 TTFT：{definition}</translation>
    </message>
    <message>
        <source>requests arrive at random at the load&apos;s rate (Poisson, as MLPerf Server and vLLM&apos;s --request-rate); TTFT is the mean over a long run, including waiting behind other prompts; P99s from the same arrivals</source>
        <translation>请求按负载速率随机到达（泊松过程，与 MLPerf 服务器场景及 vLLM 的 --request-rate 相同）；TTFT 为长时间运行的平均值，包含排在其他提示之后的等待；各 P99 值基于同一到达过程</translation>
    </message>
    <message>
        <source>closed-loop serving at fixed concurrency; TTFT is the mean a benchmark run reports ({rounds:g} requests per client, all clients starting together; the breakdown shows what that first burst adds apart), including waiting behind other prompts</source>
        <translation>固定并发的闭环服务；TTFT 为基准测试报告的平均值（每个客户端 {rounds:g} 个请求，所有客户端同时开始；首轮突发增加的部分在分解项中单独列出），包含排在其他提示之后的等待</translation>
    </message>
    <message>
        <source>every prompt and every answer one length (a random-token benchmark with --ignore-eos and no length range): {engine} prefills waiting prompts in steps of their own while the running requests wait (no --enable-mixed-chunk), so every answer of a round ends on the same step and every round is a burst like the first: each prompt waits for the prompts ahead of it in the round, and each request&apos;s later tokens wait for the prompts behind it</source>
        <translation>每个提示和每个回答同一长度（随机令牌基准测试，带 --ignore-eos、无长度范围）：{engine} 在单独的步中预填充等待中的提示，期间正在运行的请求等待（未开启 --enable-mixed-chunk），因此一轮中的所有回答在同一步结束，每一轮都像第一轮一样是一次突发：每个提示等待本轮中排在它前面的提示，每个请求之后的令牌等待排在它后面的提示</translation>
    </message>
    <message>
        <source>TensorRT-LLM batch waiting: new prompts held up to {steps} decode steps, then prefilled together (each waits for the whole batch)</source>
        <translation>TensorRT-LLM 批次等待：新提示最多等待 {steps} 个解码步，然后一起预填充（每个提示都要等整批完成）</translation>
    </message>
    <message>
        <source>prompt lengths vary (standard deviation {cv:.2f} x the mean, gamma-distributed): they wait behind each other longer (M/G/1) and the P99 prompt ({long:,.0f} tokens) is prefilled longer</source>
        <translation>提示长度不一（标准差为均值的 {cv:.2f} 倍，按伽马分布）：彼此排队更久（M/G/1），P99 提示（{long:,.0f} 个令牌）预填充更久</translation>
    </message>
    <message>
        <source>every prompt {tokens:,} tokens long: P99 TTFT assumes no longer ones (give their spread, --input-len-cv, for a real mix)</source>
        <translation>每个提示都是 {tokens:,} 个令牌：P99 TTFT 未计入更长的提示（真实的长度分布请用 --input-len-cv 给出其离散度）</translation>
    </message>
    <message>
        <source>{engine} does not run on {gpu} (it is built for {platforms}): these figures price a deployment that cannot start; engines that run there: {others}</source>
        <translation>{engine} 无法在 {gpu} 上运行（它面向 {platforms}）：这些数字对应一个无法启动的部署；可在该硬件上运行的引擎：{others}</translation>
    </message>
    <message>
        <source>attention data-parallel over the TP {tp} group: each GPU runs attention for its own requests with the attention weights whole ({gb:.1f} GB more a GPU); its KV cache holds only those requests</source>
        <translation>在 TP {tp} 组内注意力数据并行：每块 GPU 以完整的注意力权重为自己的请求计算注意力（每块 GPU 多 {gb:.1f} GB），其 KV 缓存只保存这些请求</translation>
    </message>
    <message>
        <source>vLLM on Gaudi: MoE layers run every expert on every token below {tokens:.0f} tokens a step (static MoE), so decode reads all expert weights</source>
        <translation>Gaudi 上的 vLLM：每步少于 {tokens:.0f} 个令牌时，MoE 层对每个令牌运行全部专家（静态 MoE），因此解码读取全部专家权重</translation>
    </message>
    <message>
        <source>vLLM on Gaudi: a step runs its decodes as one pass, then every new prompt as a pass of its own, so prompts that arrive together are prefilled one by one and each holds up the running requests&apos; next token</source>
        <translation>Gaudi 上的 vLLM：每一步先以一次前向计算处理所有解码，再让每个新提示词各自单独前向计算一次，因此同时到达的提示词逐个预填充，且每个都会推迟正在运行请求的下一个 token</translation>
    </message>
    <message>
        <source>offline run of {n} requests of the same length, all queued at once: it goes in waves of what the engine holds at once, the last one partly filled, and the throughput is over the whole run</source>
        <translation>离线运行 {n} 个等长请求，开始时全部排队：按引擎一次能容纳的请求数分批（波次）运行，最后一批不满；吞吐量按整个运行计算</translation>
    </message>
    <message>
        <source>{engine}&apos;s step budget ({setting} {tokens:.0f} tokens) decodes {running} requests per replica at once against {prompt}-token prompts; {queued} more wait for their prompt&apos;s turn (TTFT includes it). Raise {setting} to decode more at once.</source>
        <translation>{engine} 的单步 token 预算（{setting} {tokens:.0f} 个 token）面对 {prompt} token 的提示词，每个副本只能同时解码 {running} 个请求；另有 {queued} 个等待轮到其提示词（已计入 TTFT）。调大 {setting} 可同时解码更多请求。</translation>
    </message>
    <message>
        <source>uniform lengths: here the clients&apos; rounds do not stay in step (requests wait for a slot, speculative decoding, or one prefill pass a prompt): estimated as prompts that arrive spread out</source>
        <translation>统一长度：此处各客户端的轮次不会保持同步（请求在等待空位，推测解码，或每个提示一次预填充）：按分散到达的提示估算</translation>
    </message>
    <message>
        <source>Let the engine run its default number of requests at once (drop the limit of {n})</source>
        <translation>让引擎按默认值同时运行请求（取消 {n} 的上限）</translation>
    </message>
    <message>
        <source>Serve the weights in FP8</source>
        <translation>以 FP8 提供权重</translation>
    </message>
    <message>
        <source>Store the KV cache in FP8</source>
        <translation>以 FP8 存储 KV 缓存</translation>
    </message>
    <message>
        <source>Raise tensor parallelism to {tp}</source>
        <translation>将张量并行度提高到 {tp}</translation>
    </message>
    <message>
        <source>Add nodes: {n} in all (more model copies share the load)</source>
        <translation>增加节点：共 {n} 个（更多模型副本分担负载）</translation>
    </message>
    <message>
        <source>Agree a P99 {label} target of {time} (met at this load)</source>
        <translation>商定 P99 {label} 目标为 {time}（此负载下可达到）</translation>
    </message>
    <message>
        <source>P99 TTFT {p99} misses the {target} target at {load}</source>
        <translation>P99 TTFT {p99}，在{load}时未达到 {target} 目标</translation>
    </message>
    <message>
        <source>P99 TTFT {p99} may miss the {target} target at {load} (within the model&apos;s +/- {band:.0%})</source>
        <translation>P99 TTFT {p99}，在{load}时可能达不到 {target} 目标（在模型的 +/- {band:.0%} 范围内）</translation>
    </message>
    <message>
        <source>Mean TTFT {mean} (+/- {band:.0%}): prefill {prefill}, waiting behind other prompts {queue}, the step in flight {step}, request overhead {overhead}, the first round&apos;s burst (every client at once) {cold}. The target is a P99: with requests arriving at random at this rate ({rate:.3g}/s), 1 in 100 waits {p99} or more. Error beyond the band, warning within it.</source>
        <translation>平均 TTFT {mean}（+/- {band:.0%}）：预填充 {prefill}，排在其他提示之后等待 {queue}，正在执行的步骤 {step}，请求开销 {overhead}，首轮突发（所有客户端同时到达）{cold}。目标是 P99：请求以此速率（{rate:.3g}/秒）随机到达时，每 100 个中有 1 个要等待 {p99} 或更久。超出置信区间为错误，区间内为警告。</translation>
    </message>
    <message>
        <source>Mean TPOT {mean:,.1f} ms (+/- {band:.0%}). The target is a P99 over requests of each request&apos;s own TPOT (time after its first token over its tokens, as MLPerf and vLLM&apos;s benchmark count it): {p99:,.1f} ms. A decode step that also prefills a new prompt takes {stall:,.0f} ms and holds up every running request, but a request averages its own steps; what spreads it is how many prompts join while it decodes and, with requests arriving at random, how many run beside it.</source>
        <translation>平均 TPOT {mean:,.1f} ms（+/- {band:.0%}）。目标是按请求统计的 P99：每个请求自身的 TPOT（首个令牌之后的时间除以其令牌数，与 MLPerf 和 vLLM 基准测试的计法相同）为 {p99:,.1f} ms。同时预填充新提示的解码步骤耗时 {stall:,.0f} ms，会拖慢所有正在运行的请求，但每个请求取其自身各步的平均；拉开差距的是它解码期间加入的提示数量，以及在请求随机到达时与它同时运行的请求数量。</translation>
    </message>
    <message>
        <source>{n} concurrent request(s)</source>
        <translation>{n} 个并发请求</translation>
    </message>
    <message>
        <source>power limit {cap:g} W of {tdp:g} W: compute peak x {factor:.2f} = {tflops:.0f} TFLOPS (sustained clock taken as (limit / TDP)^{exp:g}: dynamic power grows with clock x voltage squared and voltage with clock); memory bandwidth unchanged</source>
        <translation>功耗限制 {cap:g} W（TDP {tdp:g} W）：算力峰值 x {factor:.2f} = {tflops:.0f} TFLOPS（持续频率按 (限制 / TDP)^{exp:g} 计算：动态功耗随频率 x 电压的平方增长，而电压随频率增长）；显存带宽不变</translation>
    </message>
    <message>
        <source>{gpu} has no {compute} tensor cores: estimated as the engines run it, weight-only ({compute} weights in memory, GEMMs at the {peak} peak); serve {peak} or a GPU with {compute} support for the native speed</source>
        <translation>{gpu} 没有 {compute} 张量核心：按推理引擎的实际运行方式估算，即仅权重量化（显存中存放 {compute} 权重，GEMM 按 {peak} 峰值计算）；如需原生速度，请以 {peak} 提供服务，或选用支持 {compute} 的 GPU</translation>
    </message>
    <message>
        <source>{gpu} has no BF16 support: estimated as FP16 (what vLLM&apos;s --dtype half serves; same bytes)</source>
        <translation>{gpu} 不支持 BF16：按 FP16 估算（即 vLLM 的 --dtype half 所用格式；字节数相同）</translation>
    </message>
    <message>
        <source>x clock at a {cap:g} W power limit</source>
        <translation>x {cap:g} W 功耗限制下的频率系数</translation>
    </message>
    <message>
        <source>MLA: latent KV cache; decode attention in the absorbed form (more FLOPs per cached token); prompts attend uncompressed, keys of {dims} dimensions a head</source>
        <translation>MLA：潜在 KV 缓存；解码注意力采用吸收形式（每个缓存令牌的 FLOPs 更多）；提示词的注意力以未压缩形式计算，每个头的键为 {dims} 维</translation>
    </message>
    <message>
        <source>MoE: a step reads the experts its tokens hit (1-(1-k/E)^tokens); experts split whole over {ep} GPUs (expert parallelism); each token&apos;s expert outputs are written and summed in 16 bit</source>
        <translation>MoE：每步读取其令牌命中的专家（1-(1-k/E)^n（n 为令牌数））；专家整体分布在 {ep} 块 GPU 上（专家并行）；每个令牌的专家输出以 16 位写出并求和</translation>
    </message>
    <message>
        <source>MoE: a step reads the experts its tokens hit (1-(1-k/E)^tokens); experts split like TP, so every GPU writes and sums a 16-bit output for each token&apos;s every expert</source>
        <translation>MoE：每步读取其令牌命中的专家（1-(1-k/E)^n（n 为令牌数））；专家按 TP 方式切分，因此每块 GPU 都要为每个令牌的每个专家写出并求和一份 16 位输出</translation>
    </message>
    <message>
        <source>weights ({weights:.1f} GiB per GPU) + overhead do not fit in {usable:.1f} GiB usable: the numbers assume it would run</source>
        <translation>权重（每 GPU {weights:.1f} GiB）+ 开销超出可用的 {usable:.1f} GiB：各项数值假定其仍能运行</translation>
    </message>
    <message>
        <source>not modelled: disaggregated prefill/decode; deployments using it differ from these figures</source>
        <translation>未建模：预填充/解码分离部署；采用它的部署与这些数字不同</translation>
    </message>
    <message>
        <source>not modelled: speculative decoding (MTP, EAGLE; give its draft tokens to model it) and disaggregated prefill/decode; deployments using them differ from these figures</source>
        <translation>未建模：投机解码（MTP、EAGLE；给出其草稿令牌数即可建模）以及预填充/解码分离部署；采用它们的部署与这些数字不同</translation>
    </message>
    <message>
        <source>every prompt and every answer one length (a random-token benchmark with --ignore-eos and no length range): the clients&apos; rounds stay in step, so each later round&apos;s prompts arrive a step&apos;s token budget at a time, wait for the full prefill step in flight and are prefilled in a full step of their own, and each request decodes through the other prompts&apos; prefill steps</source>
        <translation>每个提示和每个回答同一长度（随机令牌基准测试，带 --ignore-eos、无长度范围）：各客户端的轮次保持同步，因此之后每一轮的提示每次以一步的令牌预算到达，等待正在进行的满预填充步，再在自己的一个满步中预填充；每个请求的解码都要经过其他提示的预填充步</translation>
    </message>
    <message>
        <source>after the first round the clients&apos; requests arrive spread out, as prompts and answers of varied length keep them; a benchmark whose prompts and answers all have one length (vLLM&apos;s random dataset by default, with --ignore-eos) keeps its rounds in step and waits longer, which these figures do not show (the Workload panel&apos;s Uniform lengths box and estimate --uniform-lengths do)</source>
        <translation>第一轮之后，各客户端的请求分散到达（长短不一的提示和回答使它们保持分散）；所有提示和回答同一长度的基准测试（vLLM 的随机数据集默认如此，加 --ignore-eos）各轮保持同步，等待更久，这些数字未体现这一点（工作负载面板的“统一长度”选项和 estimate --uniform-lengths 可以估算）</translation>
    </message>
    <message>
        <source>KV cache {kv} by default: NVIDIA&apos;s NVFP4 checkpoints (ModelOpt) declare it and {engine} follows the checkpoint; give the KV precision for a checkpoint that declares none</source>
        <translation>默认 KV 缓存为 {kv}：NVIDIA 的 NVFP4 检查点（ModelOpt）声明了该格式，{engine} 遵循检查点；若检查点未声明，请指定 KV 精度</translation>
    </message>
    <message>
        <source>MoE: an expert&apos;s GEMM given m tokens in a step runs at m / (m + {half:.0f}) of its full efficiency (few tokens an expert fill a fraction of each tile)</source>
        <translation>MoE：一步中分到 m 个令牌的专家矩阵乘法以其满效率的 m / (m + {half:.0f}) 运行（每个专家令牌少时，每个分块只填满一部分）</translation>
    </message>
    <message>
        <source>MoE: a prompt&apos;s prefill takes {floor_ms:.0f} ms of host work on top of its GPU time (the host launches the step outside CUDA graphs, {layer_us:.0f} us per layer)</source>
        <translation>MoE：请求的预填充在 GPU 时间之外另需 {floor_ms:.0f} ms 主机工作（主机在 CUDA 图之外逐层发起计算，每层 {layer_us:.0f} 微秒）</translation>
    </message>
    <message>
        <source>as given</source>
        <translation>按给定值</translation>
    </message>
    <message>
        <source>taken as {a:.0%} acceptance a draft token; give your engine&apos;s logged accept length</source>
        <translation>按每个草稿令牌 {a:.0%} 的接受率取值；请给出推理引擎日志记录的接受长度</translation>
    </message>
    <message>
        <source>speculative decoding: {k} draft tokens a step, {accept:.2f} kept a request on average ({how}); a step is one verify pass over {q} tokens a request and {k} one-layer draft passes ({fixed:.1f} ms each besides their weights), so decode runs faster where a step is memory-bound and slower where it is compute-bound</source>
        <translation>投机解码：每步 {k} 个草稿令牌，每个请求平均保留 {accept:.2f} 个（{how}）；一步包含一次对每个请求 {q} 个令牌的验证前向，以及 {k} 次单层草稿前向（除权重读取外每次 {fixed:.1f} ms），因此在访存受限的步骤中解码更快，在计算受限的步骤中更慢</translation>
    </message>
    <message>
        <source>P99 time per output token {p99:,.1f} ms misses the {target:g} ms bound at {load}</source>
        <translation>P99 每输出令牌时间 {p99:,.1f} ms，在{load}时超出 {target:g} ms 上限</translation>
    </message>
    <message>
        <source>P99 time per output token {p99:,.1f} ms may miss the {target:g} ms bound at {load} (within the model&apos;s +/- {band:.0%})</source>
        <translation>P99 每输出令牌时间 {p99:,.1f} ms，在{load}时可能超出 {target:g} ms 上限（在模型的 +/- {band:.0%} 范围内）</translation>
    </message>
    <message>
        <source>the engine runs {running} per model copy at once</source>
        <translation>引擎每个模型副本同时运行 {running} 个</translation>
    </message>
    <message>
        <source>the KV cache holds {running} per model copy</source>
        <translation>KV 缓存每个模型副本可容纳 {running} 个</translation>
    </message>
    <message>
        <source>{queued} of {load} wait: {why}</source>
        <translation>{load}中有 {queued} 个在等待：{why}</translation>
    </message>
    <message>
        <source>Build-wide the KV cache holds {kv} requests of this length; waiting requests count their wait in TTFT.</source>
        <translation>整个配置的 KV 缓存可容纳 {kv} 个此长度的请求；等待中的请求会把等待时间计入 TTFT。</translation>
    </message>
    <message>
        <source>Serves {rate:.3g} requests/s of the {need:.3g} asked for</source>
        <translation>可处理 {rate:.3g} 请求/秒（要求 {need:.3g}）</translation>
    </message>
    <message>
        <source>At {n} requests in flight (as many as the KV cache and the engine allow) the build completes {rate:.3g} requests/s (+/- {band:.0%}).</source>
        <translation>在 {n} 个请求同时处理时（KV 缓存和引擎允许的上限），本配置每秒完成 {rate:.3g} 个请求（+/- {band:.0%}）。</translation>
    </message>
</context>
<context>
    <name>PerformanceCharts</name>
    <message>
        <source>Throughput and latency</source>
        <translation>吞吐量与延迟</translation>
    </message>
    <message>
        <source>concurrent requests (log scale)</source>
        <translation>并发请求数（对数刻度）</translation>
    </message>
    <message>
        <source>Output tokens/s, whole build</source>
        <translation>输出令牌/秒（整套配置）</translation>
    </message>
    <message>
        <source>tok/s</source>
        <translation>令牌/秒</translation>
    </message>
    <message>
        <source>Output tokens/s per user</source>
        <translation>每用户输出令牌/秒</translation>
    </message>
    <message>
        <source>Time to first token (log scale)</source>
        <translation>首字延迟（对数刻度）</translation>
    </message>
    <message>
        <source>TTFT (ms)</source>
        <translation>TTFT（ms）</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>每输出令牌时间</translation>
    </message>
    <message>
        <source>TPOT (ms)</source>
        <translation>TPOT（ms）</translation>
    </message>
    <message>
        <source>total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>per user</source>
        <translation>每用户</translation>
    </message>
    <message>
        <source>No estimate.</source>
        <translation>无估算。</translation>
    </message>
    <message>
        <source>your load {0}</source>
        <translation>您的负载 {0}</translation>
    </message>
    <message>
        <source>KV cache full {0}</source>
        <translation>KV 缓存满 {0}</translation>
    </message>
    <message>
        <source>{setting} reached: {0}</source>
        <translation>已达 {setting}：{0}</translation>
    </message>
    <message>
        <source>meets targets to {0}</source>
        <translation>满足目标至 {0}</translation>
    </message>
    <message>
        <source>target {0:g} ms</source>
        <translation>目标 {0:g} ms</translation>
    </message>
    <message>
        <source>scenario P99 {0:g} ms</source>
        <translation>场景 P99 {0:g} ms</translation>
    </message>
    <message>
        <source>Shaded: ± {band:.0%} on throughput, ± {lat:.0%} on TTFT (model error on published measurements). Peaks: {peaks}.</source>
        <translation>阴影：吞吐量 ± {band:.0%}，TTFT ± {lat:.0%}（模型相对公开测量值的误差）。峰值：{peaks}。</translation>
    </message>
    <message>
        <source>{c} requests: {v}</source>
        <translation>{c} 个请求：{v}</translation>
    </message>
    <message>
        <source>{c} requests: {v:,.1f} {u}</source>
        <translation>{c} 个请求：{v:,.1f} {u}</translation>
    </message>
</context>
<context>
    <name>Placement</name>
    <message>
        <source>{name} is not placed in a slot</source>
        <translation>{name} 不安装在插槽中</translation>
    </message>
    <message>
        <source>a {kind} slot does not take a {part}</source>
        <translation>{kind} 插槽不能安装 {part}</translation>
    </message>
    <message>
        <source>slot {slot} already holds {other}</source>
        <translation>插槽 {slot} 已装有 {other}</translation>
    </message>
    <message>
        <source>an M.2 drive goes in an M.2 slot, not a drive bay</source>
        <translation>M.2 硬盘应安装在 M.2 插槽中，而不是硬盘仓位</translation>
    </message>
    <message>
        <source>{psu} gives {rating:g} W; this chassis takes PSUs of at least {min:g} W</source>
        <translation>{psu} 输出 {rating:g} W；该机箱要求电源至少为 {min:g} W</translation>
    </message>
    <message>
        <source>{gpu} is {w} slots wide and covers {covers} too; {blocked} is taken or does not exist</source>
        <translation>{gpu} 占 {w} 个槽宽，还会占用 {covers}；{blocked} 已被占用或不存在</translation>
    </message>
    <message>
        <source>{gpu} in {slot} is {w} slots wide and covers this position</source>
        <translation>{slot} 中的 {gpu} 占 {w} 个槽宽，已覆盖此位置</translation>
    </message>
    <message>
        <source>{cpu} needs socket {socket}; this chassis has {have}</source>
        <translation>{cpu} 需要 {socket} 插座；该机箱为 {have}</translation>
    </message>
    <message>
        <source>{cpu} runs with at most {max} CPU(s) in a node; this would make {n}</source>
        <translation>{cpu} 每个节点最多支持 {max} 颗 CPU；此操作将使其达到 {n} 颗</translation>
    </message>
    <message>
        <source>{dimm} is {type}; the {cpu} in {slot} takes {takes}</source>
        <translation>{dimm} 为 {type}；{slot} 中的 {cpu} 需要 {takes}</translation>
    </message>
    <message>
        <source>only M.2 drives go in an M.2 slot</source>
        <translation>M.2 插槽只能安装 M.2 硬盘</translation>
    </message>
    <message>
        <source>{part} does not go in {slot}: {reason}</source>
        <translation>{part} 不能安装在 {slot}：{reason}</translation>
    </message>
    <message>
        <source>the bays take {accepted}, not {form}</source>
        <translation>硬盘仓位支持 {accepted}，不支持 {form}</translation>
    </message>
    <message>
        <source>{gpu} is a PCIe card; this chassis takes {form} modules on a baseboard</source>
        <translation>{gpu} 是 PCIe 卡；该机箱使用基板上的 {form} 模组</translation>
    </message>
    <message>
        <source>{gpu} is {w} slots wide; positions here take {max}</source>
        <translation>{gpu} 占 {w} 个槽宽；此处 GPU 位只支持 {max} 个</translation>
    </message>
    <message>
        <source>{gpu} is an {form} module; this chassis takes {have}</source>
        <translation>{gpu} 是 {form} 模组；该机箱支持 {have}</translation>
    </message>
    <message>
        <source>{gpu} mounts on the {board} baseboard; this chassis takes {boards}</source>
        <translation>{gpu} 安装在 {board} 基板上；该机箱支持 {boards}</translation>
    </message>
</context>
<context>
    <name>PowerCharts</name>
    <message>
        <source>Power and rack</source>
        <translation>功耗与机柜</translation>
    </message>
    <message>
        <source>Node power by component</source>
        <translation>节点各部件功耗</translation>
    </message>
    <message>
        <source>W (DC)</source>
        <translation>W（直流）</translation>
    </message>
    <message>
        <source>Rack filled with nodes</source>
        <translation>机柜装满节点后的占用</translation>
    </message>
    <message>
        <source>% of the rack&apos;s limit</source>
        <translation>占机柜上限的 %</translation>
    </message>
    <message>
        <source>Choose a chassis to see power.</source>
        <translation>选择机箱以查看功耗。</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>typical</source>
        <translation>典型</translation>
    </message>
    <message>
        <source>Add parts to the build to see its power.</source>
        <translation>向配置中添加部件后即可查看其功耗。</translation>
    </message>
    <message>
        <source>PSU capacity {w:,.0f} W ({mode})</source>
        <translation>电源容量 {w:,.0f} W（{mode}）</translation>
    </message>
    <message>
        <source>Rack figures need a chassis and power data.</source>
        <translation>机柜数据需要机箱和功耗数据。</translation>
    </message>
    <message>
        <source>power</source>
        <translation>供电</translation>
    </message>
    <message>
        <source>rack units</source>
        <translation>机架空间</translation>
    </message>
    <message>
        <source>cooling</source>
        <translation>散热</translation>
    </message>
    <message>
        <source>{n} node(s) per rack in {env}: {w:,.1f} kW of {budget:,.1f} kW usable; bound by {what}.</source>
        <translation>{env}中每机柜 {n} 个节点：{w:,.1f} kW / 可用 {budget:,.1f} kW；受{what}限制。</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>System default ({0})</source>
        <translation>跟随系统（{0}）</translation>
    </message>
    <message>
        <source>Numbers, money and dates follow the language. The open project stays as it is.</source>
        <translation>数字、金额和日期格式随语言变化。已打开的项目保持不变。</translation>
    </message>
</context>
<context>
    <name>Probe</name>
    <message>
        <source>warming up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>memory bandwidth (STREAM triad)</source>
        <translation>显存带宽（STREAM triad）</translation>
    </message>
    <message>
        <source>memory bandwidth (STREAM scale)</source>
        <translation>显存带宽（STREAM scale）</translation>
    </message>
    <message>
        <source>BF16 GEMM</source>
        <translation>BF16 GEMM</translation>
    </message>
    <message>
        <source>FP16 GEMM</source>
        <translation>FP16 GEMM</translation>
    </message>
    <message>
        <source>FP8 GEMM</source>
        <translation>FP8 GEMM</translation>
    </message>
    <message>
        <source>batch-1 GEMV (decode)</source>
        <translation>批大小 1 的 GEMV（解码）</translation>
    </message>
    <message>
        <source>host-to-device copy</source>
        <translation>主机到设备拷贝</translation>
    </message>
    <message>
        <source>device-to-host copy</source>
        <translation>设备到主机拷贝</translation>
    </message>
    <message>
        <source>GPU-to-GPU copy</source>
        <translation>GPU 间拷贝</translation>
    </message>
    <message>
        <source>GPU-to-GPU copy, both directions</source>
        <translation>GPU 间双向拷贝</translation>
    </message>
    <message>
        <source>CPU FP32 GEMM</source>
        <translation>CPU FP32 GEMM</translation>
    </message>
    <message>
        <source>CPU memory copy</source>
        <translation>CPU 内存拷贝</translation>
    </message>
    <message>
        <source>quick</source>
        <translation>快速</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>smoke</source>
        <translation>冒烟测试</translation>
    </message>
    <message>
        <source>inventory</source>
        <translation>仅清点</translation>
    </message>
    <message>
        <source>{who}: {what}: {status} ({reason})</source>
        <translation>{who}：{what}：{status}（{reason}）</translation>
    </message>
    <message>
        <source>{who}: {what}: {value:,.1f} {unit}</source>
        <translation>{who}：{what}：{value:,.1f} {unit}</translation>
    </message>
    <message>
        <source> ({fraction:.2f} of datasheet peak)</source>
        <translation>（规格表峰值的 {fraction:.2f}）</translation>
    </message>
    <message>
        <source>Benchmarking with {python}</source>
        <translation>使用 {python} 进行基准测试</translation>
    </message>
    <message>
        <source>Benchmark engine: {engine} {version} ({platform}), {count} device(s)</source>
        <translation>基准测试引擎：{engine} {version}（{platform}），{count} 个设备</translation>
    </message>
    <message>
        <source>device {n}</source>
        <translation>设备 {n}</translation>
    </message>
    <message>
        <source>{who}: {phase}…</source>
        <translation>{who}：{phase}…</translation>
    </message>
    <message>
        <source>Starting the GPU benchmark worker…</source>
        <translation>正在启动 GPU 基准测试进程…</translation>
    </message>
    <message>
        <source>timeout: {why}</source>
        <translation>超时：{why}</translation>
    </message>
    <message>
        <source>Inference Sizer probe {version}, {mode} mode</source>
        <translation>Inference Sizer 探测 {version}，{mode}模式</translation>
    </message>
    <message>
        <source>unknown CPU</source>
        <translation>未知 CPU</translation>
    </message>
    <message>
        <source>Host {host}: {cpu}, {threads} threads, {ram} RAM</source>
        <translation>主机 {host}：{cpu}，{threads} 线程，内存 {ram}</translation>
    </message>
    <message>
        <source>Found {count} GPU(s):</source>
        <translation>找到 {count} 块 GPU：</translation>
    </message>
    <message>
        <source>probe-calibrated, {date}, {host}</source>
        <translation>探测校准，{date}，{host}</translation>
    </message>
    <message>
        <source> = catalog {id}</source>
        <translation> = 部件库 {id}</translation>
    </message>
    <message>
        <source> (not in the catalog)</source>
        <translation>（不在部件库中）</translation>
    </message>
    <message>
        <source>No GPU found.</source>
        <translation>未找到 GPU。</translation>
    </message>
    <message>
        <source>CPU benchmark (NumPy GEMM and memory copy)…</source>
        <translation>CPU 基准测试（NumPy GEMM 和内存拷贝）…</translation>
    </message>
    <message>
        <source>Probe finished: {status}, {count} figure(s) in {seconds:.0f} s</source>
        <translation>探测完成：{status}，{seconds:.0f} 秒内得到 {count} 项数据</translation>
    </message>
</context>
<context>
    <name>ProbeDialog</name>
    <message>
        <source>Probe this machine…</source>
        <translation>探测本机…</translation>
    </message>
    <message>
        <source>Measures this machine&apos;s GPUs (memory bandwidth, matrix throughput, host and GPU-to-GPU links) and stores the result so estimates for the same GPU can be calibrated. GPUs busy with other work are skipped. Nothing is sent anywhere.</source>
        <translation>测量本机 GPU（显存带宽、矩阵运算吞吐、主机及 GPU 间互联），并保存结果，用于校准同型号 GPU 的估算。正在执行其他任务的 GPU 会被跳过。不会向外发送任何数据。</translation>
    </message>
    <message>
        <source>Quick run (about a minute)</source>
        <translation>快速运行（约一分钟）</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>就绪。</translation>
    </message>
    <message>
        <source>Progress appears here.</source>
        <translation>进度将显示在此处。</translation>
    </message>
    <message>
        <source>Start probe</source>
        <translation>开始探测</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Cannot create a temporary folder: {0}</source>
        <translation>无法创建临时文件夹：{0}</translation>
    </message>
    <message>
        <source>Probing… (this can take {0:.0f} s at most)</source>
        <translation>正在探测…（最长约 {0:.0f} 秒）</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>The probe could not be started: {0}</source>
        <translation>无法启动探测：{0}</translation>
    </message>
    <message>
        <source>Cancelled: the probe was stopped.</source>
        <translation>已取消：探测已停止。</translation>
    </message>
    <message>
        <source>Stopped: the probe did not finish within {0:.0f} s.</source>
        <translation>已停止：探测未在 {0:.0f} 秒内完成。</translation>
    </message>
    <message>
        <source>The probe crashed. The lines above say how far it got.</source>
        <translation>探测程序崩溃。上方输出显示了进行到哪一步。</translation>
    </message>
    <message>
        <source>The probe failed (exit code {0}). The lines above say why.</source>
        <translation>探测失败（退出码 {0}）。上方输出说明了原因。</translation>
    </message>
    <message>
        <source>The probe&apos;s report was rejected: {0}</source>
        <translation>探测报告被拒绝：{0}</translation>
    </message>
    <message>
        <source>The report could not be stored: {0}</source>
        <translation>无法保存报告：{0}</translation>
    </message>
    <message>
        <source>Done: {0} GPU(s), status {1}. The report is stored as {2}.</source>
        <translation>完成：{0} 块 GPU，状态 {1}。报告已保存为 {2}。</translation>
    </message>
</context>
<context>
    <name>ProjectDocument</name>
    <message>
        <source>Fix: {0}</source>
        <translation>修复：{0}</translation>
    </message>
    <message>
        <source>Add {n} × {part}</source>
        <translation>添加 {n} × {part}</translation>
    </message>
    <message>
        <source>Replace with {part}</source>
        <translation>替换为 {part}</translation>
    </message>
    <message>
        <source>Move {src} to {dst}</source>
        <translation>将 {src} 移到 {dst}</translation>
    </message>
    <message>
        <source>Remove {n} part(s)</source>
        <translation>移除 {n} 个部件</translation>
    </message>
    <message>
        <source>Choose a model first.</source>
        <translation>请先选择模型。</translation>
    </message>
    <message>
        <source>Change site to {0}</source>
        <translation>将场地改为 {0}</translation>
    </message>
    <message>
        <source>Site back to the preset&apos;s figures</source>
        <translation>场地恢复为预设数值</translation>
    </message>
    <message>
        <source>Change {0}</source>
        <translation>修改 {0}</translation>
    </message>
    <message>
        <source>&apos;{0}&apos; is not a chassis</source>
        <translation>“{0}”不是机箱</translation>
    </message>
    <message>
        <source>Change chassis to {0}</source>
        <translation>将机箱改为 {0}</translation>
    </message>
    <message>
        <source>Removed what does not fit {chassis}: {parts}</source>
        <translation>已移除不适合 {chassis} 的部件：{parts}</translation>
    </message>
    <message>
        <source>Add build {0}</source>
        <translation>添加配置 {0}</translation>
    </message>
    <message>
        <source>A project keeps at least one build.</source>
        <translation>项目至少保留一个配置。</translation>
    </message>
    <message>
        <source>Remove build {0}</source>
        <translation>删除配置 {0}</translation>
    </message>
    <message>
        <source>Build names must be unique and not empty.</source>
        <translation>配置名称必须唯一且不能为空。</translation>
    </message>
    <message>
        <source>Rename build to {0}</source>
        <translation>将配置重命名为 {0}</translation>
    </message>
    <message>
        <source>Edit quote details</source>
        <translation>编辑报价信息</translation>
    </message>
</context>
<context>
    <name>QuoteDialog</name>
    <message>
        <source>Quote details</source>
        <translation>报价信息</translation>
    </message>
    <message>
        <source>Customer and project</source>
        <translation>客户与项目</translation>
    </message>
    <message>
        <source>Company</source>
        <translation>公司</translation>
    </message>
    <message>
        <source>Contact</source>
        <translation>联系人</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>电子邮件</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>电话</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Project name</source>
        <translation>项目名称</translation>
    </message>
    <message>
        <source>Quote number</source>
        <translation>报价单号</translation>
    </message>
    <message>
        <source>Prepared by</source>
        <translation>编制人</translation>
    </message>
    <message>
        <source>Terms</source>
        <translation>条款</translation>
    </message>
    <message>
        <source>Fixed date (otherwise the day of each export)</source>
        <translation>固定日期（否则使用每次导出当天的日期）</translation>
    </message>
    <message>
        <source>Quote date</source>
        <translation>报价日期</translation>
    </message>
    <message>
        <source>Valid for (days)</source>
        <translation>有效期（天）</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>未注明</translation>
    </message>
    <message>
        <source>Discount (%)</source>
        <translation>折扣（%）</translation>
    </message>
    <message>
        <source>Tax (%)</source>
        <translation>税率（%）</translation>
    </message>
    <message>
        <source>Tax name</source>
        <translation>税项名称</translation>
    </message>
    <message>
        <source>Tax, or e.g. VAT</source>
        <translation>默认为“税额”，也可填如“增值税”</translation>
    </message>
    <message>
        <source>Payment terms</source>
        <translation>付款条件</translation>
    </message>
    <message>
        <source>Delivery terms</source>
        <translation>交货条件</translation>
    </message>
    <message>
        <source>Exchange rates</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>EUR=1.08, CNY=0.14</source>
        <translation>EUR=1.08, CNY=0.14</translation>
    </message>
    <message>
        <source>Notes (on the cover)</source>
        <translation>备注（印在封面）</translation>
    </message>
    <message>
        <source>Builds</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>In the quote</source>
        <translation>列入报价</translation>
    </message>
    <message>
        <source>Back to the default: builds with GPUs and no errors</source>
        <translation>恢复默认：有 GPU 且无错误的配置</translation>
    </message>
    <message>
        <source>A build without GPUs or with errors stays out of the quote unless you tick it; ticked, the quote marks it as a draft.</source>
        <translation>无 GPU 或有错误的配置不会列入报价，除非您勾选它；勾选后，报价会将其标为草稿。</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Units of {currency} per unit of another currency, separated by commas. Where you give none, the price book&apos;s dated rates apply: {rates}</source>
        <translation>每 1 单位其他币种折合的 {currency} 数额，以逗号分隔。未填写的币种采用参考价目表中注明日期的汇率：{rates}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>{build}: ready</source>
        <translation>{build}：可下单</translation>
    </message>
    <message>
        <source>{n} error(s)</source>
        <translation>{n} 个错误</translation>
    </message>
    <message>
        <source>no GPUs</source>
        <translation>无 GPU</translation>
    </message>
    <message>
        <source>{build}: not ready ({why}); a draft if ticked</source>
        <translation>{build}：尚不可下单（{why}）；勾选后作为草稿</translation>
    </message>
    <message>
        <source>Use at most 4 decimal places.</source>
        <translation>最多使用 4 位小数。</translation>
    </message>
    <message>
        <source>Enter a whole number of days from 1 to {max}, or leave it empty.</source>
        <translation>请输入 1 到 {max} 之间的整数天数，或留空。</translation>
    </message>
    <message>
        <source>Write each rate as a currency code and a number, like EUR=1.08; &apos;{item}&apos; is not.</source>
        <translation>每个汇率请写成币种代码加数值，如 EUR=1.08；“{item}”不符合此格式。</translation>
    </message>
    <message>
        <source>The rate for {code} must be a positive number.</source>
        <translation>{code} 的汇率必须是正数。</translation>
    </message>
    <message>
        <source>{code} is this project&apos;s own currency: it needs no rate.</source>
        <translation>{code} 是本项目自身的币种，无需汇率。</translation>
    </message>
    <message>
        <source>{code} is given twice.</source>
        <translation>{code} 重复填写了。</translation>
    </message>
    <message>
        <source>A project needs a name.</source>
        <translation>项目必须有名称。</translation>
    </message>
    <message>
        <source>This is not an e-mail address (like name@example.com).</source>
        <translation>这不是有效的电子邮件地址（例如 name@example.com）。</translation>
    </message>
    <message>
        <source>Enter a discount from 0 to 100 %.</source>
        <translation>请输入 0 到 100 % 之间的折扣。</translation>
    </message>
    <message>
        <source>Enter a tax rate from 0 to 100 %.</source>
        <translation>请输入 0 到 100 % 之间的税率。</translation>
    </message>
    <message>
        <source>Choose at least one build to quote.</source>
        <translation>请至少选择一个配置进行报价。</translation>
    </message>
    <message>
        <source>No build is ready (GPUs and no errors): tick the builds to quote; they print as drafts.</source>
        <translation>没有可下单的配置（有 GPU 且无错误）：请勾选要报价的配置；它们将以草稿形式打印。</translation>
    </message>
    <message>
        <source>Too long: at most {n} characters.</source>
        <translation>过长：最多 {n} 个字符。</translation>
    </message>
    <message>
        <source>Not accepted: {reason}</source>
        <translation>未被接受：{reason}</translation>
    </message>
</context>
<context>
    <name>RackElevation</name>
    <message>
        <source>{0} rack(s), {1} node(s)</source>
        <translation>{0} 个机柜，{1} 个节点</translation>
    </message>
    <message>
        <source>{0} kg</source>
        <translation>{0} kg</translation>
    </message>
    <message>
        <source>weight not stated</source>
        <translation>重量未注明</translation>
    </message>
    <message>
        <source>{0} kW max, {1} BTU/h</source>
        <translation>最大 {0} kW，{1} BTU/h</translation>
    </message>
    <message>
        <source>feed A {0} kW, feed B {1} kW</source>
        <translation>A 路 {0} kW，B 路 {1} kW</translation>
    </message>
    <message>
        <source>{0} U free</source>
        <translation>剩余 {0} U</translation>
    </message>
    <message>
        <source>No rack elevation: not one node fits the site&apos;s rack.</source>
        <translation>无机柜立面图：该场地的机柜连一个节点都放不下。</translation>
    </message>
    <message>
        <source>Node {0}
U{1}-U{2}</source>
        <translation>节点 {0}
U{1}-U{2}</translation>
    </message>
</context>
<context>
    <name>Recommend</name>
    <message>
        <source>one {gpu}</source>
        <translation>1 块 {gpu}</translation>
    </message>
    <message>
        <source>{count} x {gpu}</source>
        <translation>{count} x {gpu}</translation>
    </message>
    <message>
        <source>{nodes} nodes of {count} x {gpu}</source>
        <translation>{nodes} 个节点，每节点 {count} x {gpu}</translation>
    </message>
    <message>
        <source>{gpus} ({chassis}, {layout})</source>
        <translation>{gpus}（{chassis}，{layout}）</translation>
    </message>
    <message>
        <source>{precision} would fit {build}: accept {precision} weights and it qualifies ({price})</source>
        <translation>{precision} 可装入 {build}：接受 {precision} 权重即可满足要求（{price}）</translation>
    </message>
    <message>
        <source>; {precisions} would work too</source>
        <translation>；{precisions} 也可行</translation>
    </message>
    <message>
        <source>the edge limit</source>
        <translation>边缘环境上限</translation>
    </message>
    <message>
        <source>{gpu} is over the edge/office limit of {limit} per GPU: an enterprise machine room or a data center is needed for {build}</source>
        <translation>{gpu} 超出边缘/办公室环境每 GPU {limit} 的上限：{build} 需要企业机房或数据中心</translation>
    </message>
    <message>
        <source>; the {preset} preset ({kw:g} kW) has enough</source>
        <translation>；“{preset}”预设（{kw:g} kW）足够</translation>
    </message>
    <message>
        <source>{node_w:,.0f} W of heat per node is more than {cooling} cooling removes</source>
        <translation>每节点发热 {node_w:,.0f} W，超出 {cooling} 散热能力</translation>
    </message>
    <message>
        <source>: plan {cooling} cooling</source>
        <translation>：请规划 {cooling} 散热</translation>
    </message>
    <message>
        <source> ({price})</source>
        <translation>（{price}）</translation>
    </message>
    <message>
        <source>the latency targets cannot be met at this load</source>
        <translation>在此负载下无法达到延迟目标</translation>
    </message>
    <message>
        <source>TTFT to {ms} ms (target {target:g})</source>
        <translation>TTFT 放宽至 {ms} ms（目标 {target:g}）</translation>
    </message>
    <message>
        <source>TPOT to {ms} ms (target {target:g})</source>
        <translation>TPOT 放宽至 {ms} ms（目标 {target:g}）</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
    </message>
    <message>
        <source>the load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>relax {what}: the closest build found that meets everything else, {build}, gives P99 TTFT {ttft:,.0f} ms and P99 TPOT {tpot:,.1f} ms at the load ({price})</source>
        <translation>放宽{what}：满足其他所有要求的最接近配置 {build}，在该负载下 P99 TTFT 为 {ttft:,.0f} ms，P99 TPOT 为 {tpot:,.1f} ms（{price}）</translation>
    </message>
    <message>
        <source>allow {nodes} nodes (at most {limit} now): {build} carries the load ({price}); or lower the load</source>
        <translation>允许 {nodes} 个节点（当前最多 {limit} 个）：{build} 可承载该负载（{price}）；或降低负载</translation>
    </message>
    <message>
        <source>the builds that meet everything else have GPUs without a price, e.g. {build}: import a price list to check the budget</source>
        <translation>满足其他所有要求的配置所用 GPU 均无价格，例如 {build}：请导入价目表以核对预算</translation>
    </message>
    <message>
        <source>a budget of at least {total:,.0f} {currency} is needed: {build} is the cheapest build that meets everything else ({price})</source>
        <translation>预算至少需要 {total:,.0f} {currency}：{build} 是满足其他所有要求的最便宜配置（{price}）</translation>
    </message>
    <message>
        <source>consumer GeForce cards</source>
        <translation>消费级 GeForce 显卡</translation>
    </message>
    <message>
        <source>allow {what}: {build} would qualify ({price})</source>
        <translation>允许{what}：{build} 即可满足要求（{price}）</translation>
    </message>
    <message>
        <source>{model} reads at most {window:,} tokens per request; {input:,} in + {output:,} out = {context:,}: shorten the requests or pick a model with a longer window.</source>
        <translation>{model} 每个请求最多读取 {window:,} 个令牌；输入 {input:,} + 输出 {output:,} = {context:,}：请缩短请求，或选择上下文窗口更长的模型。</translation>
    </message>
    <message>
        <source>No GPU in the catalog holds {model} at any precision within {limit} node(s): allow more nodes or pick a smaller model.</source>
        <translation>部件库中没有任何 GPU 能在 {limit} 个节点内以任何精度装下 {model}：请允许更多节点或选择更小的模型。</translation>
    </message>
    <message>
        <source>relax both {what}: {build} misses only these ({reasons}); {price}</source>
        <translation>同时放宽{what}：{build} 仅未满足这些要求（{reasons}）；{price}</translation>
    </message>
    <message>
        <source>Nothing in the catalog meets these requirements, even with one or two relaxed. The closest, {build}, fails: {reasons}.</source>
        <translation>即使放宽一到两项要求，部件库中也没有满足这些要求的配置。最接近的是 {build}，未通过：{reasons}。</translation>
    </message>
    <message>
        <source>Power: {node_w:,.0f} W max per node at the wall ({node_load_w:,.0f} W at the load); {nodes} node(s) = {power_w:,.0f} W ({load_w:,.0f} W at the load){rack}</source>
        <translation>功耗：每节点市电输入端最大 {node_w:,.0f} W（负载下 {node_load_w:,.0f} W）；{nodes} 个节点 = {power_w:,.0f} W（负载下 {load_w:,.0f} W）{rack}</translation>
    </message>
    <message>
        <source>{chassis} has no GPU positions</source>
        <translation>{chassis} 没有 GPU 安装位</translation>
    </message>
    <message>
        <source>no CPU in the catalog fits {chassis}&apos;s {socket} socket with DIMMs of its memory type</source>
        <translation>部件库中没有适配 {chassis} 的 {socket} 插槽且有对应内存类型 DIMM 的 CPU</translation>
    </message>
    <message>
        <source>CPU: {sockets} x {cpu} = {cores} cores, {ghz:g} GHz base (&gt;= {per_gpu:g} per GPU and &gt;= {per_server:g} per server, base &gt;= {min_ghz:g} GHz)</source>
        <translation>CPU：{sockets} x {cpu} = {cores} 核，基础频率 {ghz:g} GHz（每 GPU &gt;= {per_gpu:g} 核且每服务器 &gt;= {per_server:g} 核，基础频率 &gt;= {min_ghz:g} GHz）</translation>
    </message>
    <message>
        <source>RAM: {count} x {size} GB {speed} MT/s = {ram} GB, all {channels} channels at {dpc} per channel (target max({per_vram:g} x {vram:g} GB VRAM, {per_core:g} GB x {cores} cores) = {target:g} GB)</source>
        <translation>内存：{count} x {size} GB {speed} MT/s = {ram} GB，全部 {channels} 个通道每通道 {dpc} 条（目标 max({per_vram:g} x {vram:g} GB 显存, {per_core:g} GB x {cores} 核) = {target:g} GB）</translation>
    </message>
    <message>
        <source>the largest even population gives {ram} GB RAM, below {target:g} GB</source>
        <translation>最大的均衡插法只有 {ram} GB 内存，低于 {target:g} GB</translation>
    </message>
    <message>
        <source> with model traffic across nodes</source>
        <translation>（模型流量跨节点）</translation>
    </message>
    <message>
        <source>Network: {count} x {nic} ({ports} x {speed:g} Gb/s{rdma}) for {gpus} GPU(s){across}: &gt;= {need:g} Gb/s</source>
        <translation>网络：{count} x {nic}（{ports} x {speed:g} Gb/s{rdma}），用于 {gpus} 块 GPU{across}：&gt;= {need:g} Gb/s</translation>
    </message>
    <message>
        <source>no NIC combination fits {chassis}&apos;s {slots} PCIe slots</source>
        <translation>没有网卡组合能装入 {chassis} 的 {slots} 个 PCIe 插槽</translation>
    </message>
    <message>
        <source>System: {count} x {drive} ({size:g} GB) in RAID 1</source>
        <translation>系统盘：{count} x {drive}（{size:g} GB），RAID 1</translation>
    </message>
    <message>
        <source>no system drive pair fits {chassis}</source>
        <translation>没有能装入 {chassis} 的系统盘对</translation>
    </message>
    <message>
        <source>Data: {count} x {drive} = {total:,.0f} GB, {read:,.0f} MB/s (&gt;= max({min_gb:g} GB, 2 x weights): room for a second model version)</source>
        <translation>数据盘：{count} x {drive} = {total:,.0f} GB，{read:,.0f} MB/s（&gt;= max({min_gb:g} GB, 2 x 权重)：可再存放一个模型版本）</translation>
    </message>
    <message>
        <source>no data drive of {size:,.0f} GB fits {chassis}&apos;s bays</source>
        <translation>没有 {size:,.0f} GB 的数据盘能装入 {chassis} 的硬盘仓位</translation>
    </message>
    <message>
        <source>devices need {need} PCIe lanes; the CPUs give {have}</source>
        <translation>设备需要 {need} 条 PCIe 通道；CPU 提供 {have} 条</translation>
    </message>
    <message>
        <source>PSUs: {count} x {psu} ({rating:g} W at {volts:g} V) for {load:,.0f} W max draw, {redundancy}</source>
        <translation>电源：{count} x {psu}（{volts:g} V 下 {rating:g} W），承载最大 {load:,.0f} W 功耗，{redundancy}</translation>
    </message>
    <message>
        <source>{chassis}&apos;s {bays} PSU bay(s) cannot carry {load:,.0f} W under {redundancy}</source>
        <translation>{chassis} 的 {bays} 个电源仓位在 {redundancy} 下无法承载 {load:,.0f} W</translation>
    </message>
    <message>
        <source>GPU price on request</source>
        <translation>GPU 价格另询</translation>
    </message>
    <message>
        <source>; other parts {price}</source>
        <translation>；其他部件 {price}</translation>
    </message>
    <message>
        <source>from {price}</source>
        <translation>{price} 起</translation>
    </message>
    <message>
        <source>VRAM: {need:,.1f} of {usable:,.1f} GiB usable per GPU, {headroom:,.1f} GiB headroom; weights {weights:,.1f} GiB, loaded in about {load_s:,.0f} s</source>
        <translation>显存：每 GPU 需要 {need:,.1f} GiB，可用 {usable:,.1f} GiB，余量 {headroom:,.1f} GiB；权重 {weights:,.1f} GiB，加载约需 {load_s:,.0f} 秒</translation>
    </message>
    <message>
        <source>VRAM {need:,.1f} of {usable:,.1f} GiB per GPU</source>
        <translation>显存 {need:,.1f} / {usable:,.1f} GiB（每 GPU）</translation>
    </message>
    <message>
        <source>Prices: catalog or imported prices; parts the catalog leaves unpriced take the reference price book&apos;s price (db/prices, dated and sourced; not a quotation); parts with neither are listed and not counted (the price is then a lower bound).</source>
        <translation>价格：采用部件库价格或导入的价格；部件库中未定价的部件采用参考价目表中的价格（db/prices，注明日期和来源；非正式报价）；两者皆无的部件会列出但不计入（此时价格为下限）。</translation>
    </message>
    <message>
        <source>{count} part(s) price on request</source>
        <translation>{count} 个部件价格另询</translation>
    </message>
    <message>
        <source> ({notes})</source>
        <translation>（{notes}）</translation>
    </message>
    <message>
        <source>the scenario&apos;s P99 latency is read as the time between output tokens (TPOT), as MLPerf&apos;s server scenario bounds TPOT at P99; the performance model&apos;s estimate is compared with it</source>
        <translation>场景的 P99 延迟按输出令牌间隔时间（TPOT）理解，与 MLPerf 服务器场景在 P99 上约束 TPOT 的做法一致；性能模型的估算值与之比较</translation>
    </message>
    <message>
        <source>{count} concurrent requests</source>
        <translation>{count} 个并发请求</translation>
    </message>
    <message>
        <source>{qps:g} requests/s at peak</source>
        <translation>峰值 {qps:g} 请求/秒</translation>
    </message>
    <message>
        <source>{per_day:,.0f} requests/day x peak factor {factor:g} = {qps:.3g} requests/s at peak</source>
        <translation>{per_day:,.0f} 请求/天 x 峰值系数 {factor:g} = 峰值 {qps:.3g} 请求/秒</translation>
    </message>
    <message>
        <source>{nodes} nodes of {gpus}</source>
        <translation>{nodes} 个节点，每节点 {gpus}</translation>
    </message>
    <message>
        <source>{hardware} in {chassis}</source>
        <translation>{hardware}，机箱 {chassis}</translation>
    </message>
    <message>
        <source>at least {headroom:+.0%}</source>
        <translation>至少 {headroom:+.0%}</translation>
    </message>
    <message>
        <source>the GPU has no price in the catalog: the budget cannot be checked (import a price list)</source>
        <translation>部件库中该 GPU 没有价格：无法核对预算（请导入价目表）</translation>
    </message>
    <message>
        <source>{gpu} is not among the GPUs asked for</source>
        <translation>{gpu} 不在指定的 GPU 之列</translation>
    </message>
    <message>
        <source>{precision} weights not accepted (accepted: {accepted})</source>
        <translation>不接受 {precision} 权重（可接受：{accepted}）</translation>
    </message>
    <message>
        <source>TTFT {ms} &gt; {target:g} ms</source>
        <translation>TTFT {ms} &gt; {target:g} ms</translation>
    </message>
    <message>
        <source>TPOT {ms:,.1f} ms &gt; {target:g} ms</source>
        <translation>TPOT {ms:,.1f} ms &gt; {target:g} ms</translation>
    </message>
    <message>
        <source>the targets are missed under load</source>
        <translation>负载下未达到目标</translation>
    </message>
    <message>
        <source>{plan}: even one request per model copy misses the targets ({detail})</source>
        <translation>{plan}：即使每个模型副本只处理一个请求也达不到目标（{detail}）</translation>
    </message>
    <message>
        <source>needs {nodes} nodes for the load; at most {limit} allowed</source>
        <translation>该负载需要 {nodes} 个节点；最多允许 {limit} 个</translation>
    </message>
    <message>
        <source>{gpu} draws {tdp:g} W; the site takes GPUs up to {limit:g} W</source>
        <translation>{gpu} 功耗 {tdp:g} W；该场地只接受不超过 {limit:g} W 的 GPU</translation>
    </message>
    <message>
        <source>one node draws at least {node_w:,.0f} W; the rack allows {usable_w:,.0f} W</source>
        <translation>单个节点功耗至少 {node_w:,.0f} W；机柜允许 {usable_w:,.0f} W</translation>
    </message>
    <message>
        <source>one node gives off at least {node_w:,.0f} W; {cooling} cooling removes {ceiling_w:,.0f} W per rack</source>
        <translation>单个节点发热至少 {node_w:,.0f} W；{cooling} 散热每机柜可带走 {ceiling_w:,.0f} W</translation>
    </message>
    <message>
        <source>costs at least {price:,.0f} {currency}; budget {budget:,.0f}</source>
        <translation>费用至少 {price:,.0f} {currency}；预算 {budget:,.0f}</translation>
    </message>
    <message>
        <source>costs {price:,.0f} {currency}; budget {budget:,.0f}</source>
        <translation>费用 {price:,.0f} {currency}；预算 {budget:,.0f}</translation>
    </message>
    <message>
        <source>Rules&apos; fix applied: {fix}</source>
        <translation>已应用规则修复：{fix}</translation>
    </message>
    <message>
        <source>no performance estimate: {reason}</source>
        <translation>无性能估算：{reason}</translation>
    </message>
    <message>
        <source>P99 TTFT {ms} &gt; {target:g} ms</source>
        <translation>P99 TTFT {ms} &gt; {target:g} ms</translation>
    </message>
    <message>
        <source>P99 TPOT {ms:,.1f} ms &gt; {target:g} ms</source>
        <translation>P99 TPOT {ms:,.1f} ms &gt; {target:g} ms</translation>
    </message>
    <message>
        <source>{count} request(s) per model copy wait for a scheduler slot ({engine} runs {running} at once: {setting})</source>
        <translation>每个模型副本有 {count} 个请求在等待调度空位（{engine} 同时运行 {running} 个：{setting}）</translation>
    </message>
    <message>
        <source>{count} request(s) per model copy wait for KV-cache space</source>
        <translation>每个模型副本有 {count} 个请求在等待 KV 缓存空间</translation>
    </message>
    <message>
        <source>serves {rate:.3g} requests/s of {load:.3g}</source>
        <translation>可处理 {rate:.3g} 请求/秒（需 {load:.3g}）</translation>
    </message>
    <message>
        <source>at the load ({load}): {missed}</source>
        <translation>在该负载下（{load}）：{missed}</translation>
    </message>
    <message>
        <source>concurrent requests</source>
        <translation>个并发请求</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <source>P99 TTFT {ms} (target {target:g}, +/- {band:.0%})</source>
        <translation>P99 TTFT {ms}（目标 {target:g}，+/- {band:.0%}）</translation>
    </message>
    <message>
        <source>P99 TTFT {ms} of {target:g} ms</source>
        <translation>P99 TTFT {ms} / {target:g} ms</translation>
    </message>
    <message>
        <source>P99 TPOT {ms:,.1f} ms (target {target:g}, +/- {band:.0%})</source>
        <translation>P99 TPOT {ms:,.1f} ms（目标 {target:g}，+/- {band:.0%}）</translation>
    </message>
    <message>
        <source>P99 TPOT {ms:,.1f} of {target:g} ms</source>
        <translation>P99 TPOT {ms:,.1f} / {target:g} ms</translation>
    </message>
    <message>
        <source>TTFT {ms}</source>
        <translation>TTFT {ms}</translation>
    </message>
    <message>
        <source>a {need_kw:g} kW rack is needed: {build} draws {node_w:,.0f} W per node at the wall and the {environment} rack gives {usable_w:,.0f} W</source>
        <translation>需要 {need_kw:g} kW 的机柜：{build} 每节点市电输入端功耗 {node_w:,.0f} W，而{environment}机柜只能提供 {usable_w:,.0f} W</translation>
    </message>
    <message>
        <source>reference prices: {parts}</source>
        <translation>参考价：{parts}</translation>
    </message>
    <message>
        <source>TPOT {ms:,.1f} ms</source>
        <translation>TPOT {ms:,.1f} ms</translation>
    </message>
    <message>
        <source>Latency at {concurrency} concurrent request(s): {figures}</source>
        <translation>{concurrency} 个并发请求时的延迟：{figures}</translation>
    </message>
    <message>
        <source>{count} model copy</source>
        <translation>{count} 个模型副本</translation>
    </message>
    <message>
        <source>{count} model copies</source>
        <translation>{count} 个模型副本</translation>
    </message>
    <message>
        <source>Throughput: {rate:,.3g} requests/s, {tps:,.0f} output tok/s; </source>
        <translation>吞吐量：{rate:,.3g} 请求/秒，{tps:,.0f} 输出令牌/秒；</translation>
    </message>
    <message>
        <source>{capacity:,.3g}{capped} {unit} within the targets for a load of {load:,.3g} ({copies})</source>
        <translation>满足目标时可承载 {capacity:,.3g}{capped} {unit}，负载为 {load:,.3g}（{copies}）</translation>
    </message>
    <message>
        <source>load {load:,.3g} of {capacity:,.3g} {unit}</source>
        <translation>负载 {load:,.3g} / {capacity:,.3g} {unit}</translation>
    </message>
    <message>
        <source>; {count} node(s) per rack (limited by {limit})</source>
        <translation>；每机柜 {count} 个节点（受{limit}限制）</translation>
    </message>
    <message>
        <source>, {count} rack(s)</source>
        <translation>，{count} 个机柜</translation>
    </message>
    <message>
        <source>rack power {node_w:,.0f} of {usable_w:,.0f} W per node</source>
        <translation>机柜供电 {node_w:,.0f} / {usable_w:,.0f} W（每节点）</translation>
    </message>
    <message>
        <source>cooling {node_w:,.0f} of {limit_w:,.0f} W per rack</source>
        <translation>散热 {node_w:,.0f} / {limit_w:,.0f} W（每机柜）</translation>
    </message>
    <message>
        <source>PSUs {load_w:,.0f} of {usable_w:,.0f} W ({redundancy})</source>
        <translation>电源 {load_w:,.0f} / {usable_w:,.0f} W（{redundancy}）</translation>
    </message>
    <message>
        <source>budget {price:,.0f} of {budget:,.0f}</source>
        <translation>预算 {price:,.0f} / {budget:,.0f}</translation>
    </message>
    <message>
        <source>Price: {price}</source>
        <translation>价格：{price}</translation>
    </message>
    <message>
        <source>Rules: no errors, {count} warning(s)</source>
        <translation>规则：无错误，{count} 个警告</translation>
    </message>
    <message>
        <source>Rules: no errors, no warnings</source>
        <translation>规则：无错误，无警告</translation>
    </message>
    <message>
        <source>{what} ({ratio:.0%})</source>
        <translation>{what}（{ratio:.0%}）</translation>
    </message>
    <message>
        <source>Load: {load}; {input} input + {output} output tokens per request.</source>
        <translation>负载：{load}；每个请求输入 {input} + 输出 {output} 个令牌。</translation>
    </message>
    <message>
        <source>Targets ({scenario}): </source>
        <translation>目标（{scenario}）：</translation>
    </message>
    <message>
        <source>TTFT &lt;= {target:g} ms</source>
        <translation>TTFT &lt;= {target:g} ms</translation>
    </message>
    <message>
        <source>no TTFT bound</source>
        <translation>不限 TTFT</translation>
    </message>
    <message>
        <source>, TPOT &lt;= {target:g} ms</source>
        <translation>，TPOT &lt;= {target:g} ms</translation>
    </message>
    <message>
        <source>, no TPOT bound</source>
        <translation>，不限 TPOT</translation>
    </message>
    <message>
        <source>; {meaning}.</source>
        <translation>；{meaning}。</translation>
    </message>
    <message>
        <source>KV cache {kv}; engine {engine}; PSU redundancy {redundancy}; at most {nodes} node(s).</source>
        <translation>KV 缓存 {kv}；推理引擎 {engine}；电源冗余 {redundancy}；最多 {nodes} 个节点。</translation>
    </message>
    <message>
        <source>Prices: catalog prices only; unpriced parts are listed and not counted (the price is a lower bound).</source>
        <translation>价格：仅采用部件库价格；未定价部件会列出但不计入（价格为下限）。</translation>
    </message>
    <message>
        <source>One build per GPU configuration is shown (its best chassis); the search stops once no other option can enter the top list.</source>
        <translation>每种 GPU 配置只显示一个方案（其最佳机箱）；当其他选项都不可能进入前列时，搜索即停止。</translation>
    </message>
    <message>
        <source>Consumer GeForce cards are left out (driver licence, open-air coolers); allow them to include them.</source>
        <translation>已排除消费级 GeForce 显卡（驱动许可、开放式散热器）；如需纳入，请允许使用。</translation>
    </message>
    <message>
        <source>attention data-parallel</source>
        <translation>注意力数据并行</translation>
    </message>
    <message>
        <source>expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>What the latency targets cost (cheapest build that qualifies):</source>
        <translation>延迟目标的代价（满足要求的最便宜配置）：</translation>
    </message>
    <message>
        <source>P99 TTFT {ms:g} ms</source>
        <translation>P99 TTFT {ms:g} ms</translation>
    </message>
    <message>
        <source>P99 TPOT {ms:g} ms</source>
        <translation>P99 TPOT {ms:g} ms</translation>
    </message>
    <message>
        <source>as asked</source>
        <translation>按要求</translation>
    </message>
    <message>
        <source>{factor:g} x looser</source>
        <translation>放宽 {factor:g} 倍</translation>
    </message>
    <message>
        <source>nothing qualifies</source>
        <translation>没有满足要求的配置</translation>
    </message>
    <message>
        <source>{build} (GPU price on request)</source>
        <translation>{build}（GPU 价格另询）</translation>
    </message>
    <message>
        <source>{price:,.0f} {currency}: {build}</source>
        <translation>{price:,.0f} {currency}：{build}</translation>
    </message>
    <message>
        <source>from {price:,.0f} {currency} (parts on request): {build}</source>
        <translation>{price:,.0f} {currency} 起（部分部件价格另询）：{build}</translation>
    </message>
    <message>
        <source>{label}: {targets}: {what}</source>
        <translation>{label}：{targets}：{what}</translation>
    </message>
    <message>
        <source>{gpu} is a consumer card (excluded: GeForce drivers are not licensed for data centers and open-air coolers fight server airflow)</source>
        <translation>{gpu} 是消费级显卡（已排除：GeForce 驱动未授权用于数据中心，且开放式散热器与服务器风道相冲突）</translation>
    </message>
    <message>
        <source>gpu</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>rules</source>
        <translation>规则</translation>
    </message>
</context>
<context>
    <name>RecommendDialog</name>
    <message>
        <source>Build</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Binds</source>
        <translation>制约因素</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>on request</source>
        <translation>价格另询</translation>
    </message>
    <message>
        <source>from {0}</source>
        <translation>{0} 起</translation>
    </message>
    <message>
        <source>{0} nodes of {1}</source>
        <translation>{0} 个节点，每个 {1}</translation>
    </message>
    <message>
        <source>Sizing assistant</source>
        <translation>选型助手</translation>
    </message>
    <message>
        <source>Real-time chat (TTFT &lt; 100 ms, P99 &lt; 200 ms)</source>
        <translation>实时对话（TTFT &lt; 100 ms，P99 &lt; 200 ms）</translation>
    </message>
    <message>
        <source>Code completion (TTFT &lt; 200 ms, P99 &lt; 500 ms)</source>
        <translation>代码补全（TTFT &lt; 200 ms，P99 &lt; 500 ms）</translation>
    </message>
    <message>
        <source>Document summarisation (TTFT &lt; 1 s, P99 &lt; 5 s)</source>
        <translation>文档摘要（TTFT &lt; 1 s，P99 &lt; 5 s）</translation>
    </message>
    <message>
        <source>RAG (TTFT &lt; 300 ms, P99 &lt; 1 s)</source>
        <translation>RAG（TTFT &lt; 300 ms，P99 &lt; 1 s）</translation>
    </message>
    <message>
        <source>Batch analytics (no latency target)</source>
        <translation>批量分析（无延迟目标）</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>scenario&apos;s</source>
        <translation>按场景</translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation>并发请求数</translation>
    </message>
    <message>
        <source>Requests per second (peak)</source>
        <translation>每秒请求数（峰值）</translation>
    </message>
    <message>
        <source>Requests per day</source>
        <translation>每日请求数</translation>
    </message>
    <message>
        <source> tok</source>
        <translation> 令牌</translation>
    </message>
    <message>
        <source>Custom (give the rack power)</source>
        <translation>自定义（填写机柜功率）</translation>
    </message>
    <message>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <source>preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>preset or the type&apos;s</source>
        <translation>预设值或该散热类型的值</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>default (70 % a draft token)</source>
        <translation>默认（每个草稿令牌 70 %）</translation>
    </message>
    <message>
        <source>Tokens a speculative step keeps per request on average, as your engine logs it: between 1 and the draft tokens + 1</source>
        <translation>投机解码每步平均为每个请求保留的令牌数，即推理引擎日志记录的值：介于 1 与草稿令牌数 + 1 之间</translation>
    </message>
    <message>
        <source>Lowest price</source>
        <translation>价格最低</translation>
    </message>
    <message>
        <source>Lowest $ per million tokens</source>
        <translation>每百万令牌成本最低</translation>
    </message>
    <message>
        <source>Lowest power</source>
        <translation>功耗最低</translation>
    </message>
    <message>
        <source>Most headroom</source>
        <translation>余量最大</translation>
    </message>
    <message>
        <source>Allow consumer GeForce cards</source>
        <translation>允许消费级 GeForce 显卡</translation>
    </message>
    <message>
        <source>1. Model and quantisation</source>
        <translation>1. 模型与量化</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Weights (none = any)</source>
        <translation>权重（无 = 任意）</translation>
    </message>
    <message>
        <source>2. Latency scenario</source>
        <translation>2. 延迟场景</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>TTFT target</source>
        <translation>TTFT 目标</translation>
    </message>
    <message>
        <source>Per-token target</source>
        <translation>每令牌目标</translation>
    </message>
    <message>
        <source>3. Load</source>
        <translation>3. 负载</translation>
    </message>
    <message>
        <source>Load given as</source>
        <translation>负载表示方式</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>Peak factor</source>
        <translation>峰值系数</translation>
    </message>
    <message>
        <source>Input per request</source>
        <translation>每请求输入</translation>
    </message>
    <message>
        <source>Input length spread</source>
        <translation>输入长度离散度</translation>
    </message>
    <message>
        <source>Output per request</source>
        <translation>每请求输出</translation>
    </message>
    <message>
        <source>Speculative draft tokens</source>
        <translation>投机草稿令牌数</translation>
    </message>
    <message>
        <source>Acceptance length</source>
        <translation>接受长度</translation>
    </message>
    <message>
        <source>4. Deployment and budget</source>
        <translation>4. 部署与预算</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>部署环境</translation>
    </message>
    <message>
        <source>Rack power</source>
        <translation>机柜功率</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散热</translation>
    </message>
    <message>
        <source>Cooling per rack</source>
        <translation>每机柜散热能力</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <source>Rank by</source>
        <translation>排序依据</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Answer the four questions and press Search.</source>
        <translation>回答这四个问题后按“搜索”。</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>就绪。</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open as new build</source>
        <translation>作为新配置打开</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Check the answers: {0}</source>
        <translation>请检查答案：{0}</translation>
    </message>
    <message>
        <source>Searching the catalog…</source>
        <translation>正在搜索部件库…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The search failed: {0}</source>
        <translation>搜索失败：{0}</translation>
    </message>
    <message>
        <source>{0} build(s) shown; {1} checked in {2:.2f} s.</source>
        <translation>显示 {0} 个配置；{2:.2f} 秒内检查了 {1} 个。</translation>
    </message>
    <message>
        <source>Nothing in the catalog meets these requirements.</source>
        <translation>部件库中没有满足这些要求的配置。</translation>
    </message>
    <message>
        <source>Opened {0} as a new build.</source>
        <translation>已将 {0} 作为新配置打开。</translation>
    </message>
    <message>
        <source>What binds</source>
        <translation>制约因素</translation>
    </message>
    <message>
        <source>Why it qualifies</source>
        <translation>为何符合要求</translation>
    </message>
    <message>
        <source>Nearest cheaper build that fails</source>
        <translation>最接近的更便宜但不达标的配置</translation>
    </message>
    <message>
        <source>None found among the builds checked.</source>
        <translation>在检查过的配置中未找到。</translation>
    </message>
    <message>
        <source>How the host was chosen</source>
        <translation>主机如何选定</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>Nothing in the catalog meets these requirements</source>
        <translation>部件库中没有满足这些要求的配置</translation>
    </message>
    <message>
        <source>Relax one of them:</source>
        <translation>请放宽其中一项：</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <source>plan {cooling} cooling ({kw:g} kW per rack)</source>
        <translation>规划{cooling}散热（每机柜 {kw:g} kW）</translation>
    </message>
    <message>
        <source>{chassis} cools GPUs up to {limit:,g} W with air; {gpu} is rated {tdp:,g} W.</source>
        <translation>{chassis} 风冷最多支持 {limit:,g} W 的 GPU；{gpu} 的额定功耗为 {tdp:,g} W。</translation>
    </message>
    <message>
        <source>{gpu} ({tdp:,g} W) needs the liquid-cooled version of {chassis}</source>
        <translation>{gpu}（{tdp:,g} W）需要 {chassis} 的液冷版本</translation>
    </message>
    <message>
        <source>The site has {cooling} cooling and the chassis has a liquid option: order that.</source>
        <translation>机房采用{cooling}散热，且该机箱有液冷选项：请订购液冷版本。</translation>
    </message>
    <message>
        <source>use {gpu} ({tdp:,g} W, {vram:g} GB)</source>
        <translation>改用 {gpu}（{tdp:,g} W，{vram:g} GB）</translation>
    </message>
    <message>
        <source>A liquid-cooled version exists: choose direct-liquid cooling for the site and order it.</source>
        <translation>该机箱有液冷版本：请为机房选择直接液冷并订购液冷版本。</translation>
    </message>
    <message>
        <source>{gpu} ({tdp:,g} W) exceeds {chassis}&apos;s {limit:,g} W air-cooled limit</source>
        <translation>{gpu}（{tdp:,g} W）超出 {chassis} 的 {limit:,g} W 风冷上限</translation>
    </message>
    <message>
        <source>One node gives off {node:,.0f} W ({btu:,.0f} BTU/h); {cooling} cooling removes {ceiling:,.0f} W per rack</source>
        <translation>单个节点发热 {node:,.0f} W（{btu:,.0f} BTU/h）；{cooling}散热每机柜只能带走 {ceiling:,.0f} W</translation>
    </message>
    <message>
        <source>Heat = wall power: {node:,.0f} W x {bpw:g} = {btu:,.0f} BTU/h per node. Above the air ceiling: rear-door heat exchanger or direct liquid cooling.</source>
        <translation>发热量 = 输入功率：{node:,.0f} W x {bpw:g} = 每节点 {btu:,.0f} BTU/h。超出风冷上限时：采用背板换热器或直接液冷。</translation>
    </message>
    <message>
        <source>Cooling limits the rack to {n} node(s); power and space allow {without}</source>
        <translation>散热将每机柜限制为 {n} 个节点；供电和空间允许 {without} 个</translation>
    </message>
    <message>
        <source>{nodes} nodes x {node:,.0f} W = {heat:,.0f} W ({btu:,.0f} BTU/h) per rack vs {ceiling:,.0f} W for {cooling}. {per_rack} Racks: {now} with this cooling, {then} with stronger cooling.</source>
        <translation>{nodes} 个节点 x {node:,.0f} W = 每机柜 {heat:,.0f} W（{btu:,.0f} BTU/h），而{cooling}散热上限为 {ceiling:,.0f} W。{per_rack} 机柜数：当前散热需 {now} 个，更强散热需 {then} 个。</translation>
    </message>
    <message>
        <source>{gpu} has an open-air cooler; {chassis} blows air front to back</source>
        <translation>{gpu} 采用开放式风扇散热；{chassis} 为前进后出风道</translation>
    </message>
    <message>
        <source>Consumer cards exhaust heat into the case and fight the server&apos;s fans; packed side by side they throttle. Prefer a passive data-center card (e.g. L40S, L20) or a workstation chassis.</source>
        <translation>消费级显卡把热量排入机箱内部，与服务器风扇气流相冲突；并排密集安装时会降频。建议选用被动散热的数据中心卡（如 L40S、L20）或工作站机箱。</translation>
    </message>
    <message>
        <source>remove {part} from {slot}</source>
        <translation>从 {slot} 移除 {part}</translation>
    </message>
    <message>
        <source>Chassis &apos;{id}&apos; is a {kind}, not a chassis</source>
        <translation>机箱“{id}”是{kind}，不是机箱</translation>
    </message>
    <message>
        <source>Chassis &apos;{id}&apos; is not in the catalog</source>
        <translation>机箱“{id}”不在部件库中</translation>
    </message>
    <message>
        <source>Slots, power and cooling checks need the chassis; they are skipped until it is chosen.</source>
        <translation>插槽、供电和散热检查需要机箱；选定机箱前将跳过这些检查。</translation>
    </message>
    <message>
        <source>Part &apos;{id}&apos; is not in the catalog</source>
        <translation>部件“{id}”不在部件库中</translation>
    </message>
    <message>
        <source>{n} slot(s) hold &apos;{id}&apos;, which this catalog does not have (deleted, or a project from another catalog). It counts for nothing in the other checks.</source>
        <translation>{n} 个插槽装有“{id}”，但当前部件库中没有该部件（已删除，或项目来自其他部件库）。其他检查不计入该部件。</translation>
    </message>
    <message>
        <source>remove &apos;{id}&apos;</source>
        <translation>移除“{id}”</translation>
    </message>
    <message>
        <source>{chassis} has no slot {slot}</source>
        <translation>{chassis} 没有插槽 {slot}</translation>
    </message>
    <message>
        <source>The chassis has {gpus} GPU positions, {sockets} sockets, {dimms} DIMM slots per socket, {psus} PSU bays, {pcie} PCIe slots, {bays} drive bays and {m2} M.2 slots; &apos;{part}&apos; in {slot} is not counted.</source>
        <translation>该机箱有 {gpus} 个 GPU 位、{sockets} 个 CPU 插槽、每个 CPU 插槽 {dimms} 个内存插槽、{psus} 个电源仓位、{pcie} 个 PCIe 插槽、{bays} 个硬盘仓位和 {m2} 个 M.2 插槽；{slot} 中的“{part}”不计入。</translation>
    </message>
    <message>
        <source>A model is part of the workload, not of the hardware; it is not counted where it is.</source>
        <translation>模型属于工作负载而非硬件；放在此处不计入。</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>no</source>
        <translation>无</translation>
    </message>
    <message>
        <source>A {kind} goes in {slots} slots; it is not counted where it is.</source>
        <translation>{kind} 只能装在 {slots} 插槽中；放在此处不计入。</translation>
    </message>
    <message>
        <source>{kind} &apos;{part}&apos; cannot sit in {slot_kind} slot {slot}</source>
        <translation>{kind}“{part}”不能装在 {slot_kind} 插槽 {slot} 中</translation>
    </message>
    <message>
        <source>{form} modules mount on a vendor baseboard (e.g. HGX) in a chassis built for it; this chassis has PCIe slots (DOMAIN.md: SXM/OAM modules need their baseboard chassis).</source>
        <translation>{form} 模组安装在厂商基板（如 HGX）上，需要专用机箱；该机箱只有 PCIe 插槽（DOMAIN.md：SXM/OAM 模组需要配套基板的机箱）。</translation>
    </message>
    <message>
        <source>This chassis&apos; GPU positions are {form} sockets on a baseboard (DOMAIN.md: SXM/OAM modules need their baseboard chassis).</source>
        <translation>该机箱的 GPU 位是基板上的 {form} 插座（DOMAIN.md：SXM/OAM 模组需要配套基板的机箱）。</translation>
    </message>
    <message>
        <source>{form} and {other} modules are not interchangeable (DOMAIN.md: SXM/OAM modules need their baseboard chassis).</source>
        <translation>{form} 与 {other} 模组不能互换（DOMAIN.md：SXM/OAM 模组需要配套基板的机箱）。</translation>
    </message>
    <message>
        <source>use {gpu} ({vram:g} GB, {form}) instead</source>
        <translation>改用 {gpu}（{vram:g} GB，{form}）</translation>
    </message>
    <message>
        <source>stops at its maximum; runs at the client&apos;s load</source>
        <translation>最大功耗下停机；客户负载下可继续运行</translation>
    </message>
    <message>
        <source>at its maximum only capped at {cap:,.0f} W per GPU; runs at the client&apos;s load</source>
        <translation>最大功耗下需将每个 GPU 限制在 {cap:,.0f} W；客户负载下可继续运行</translation>
    </message>
    <message>
        <source>Not even the lowest power limit the GPUs&apos; datasheet allows ({low:,.0f} W) is enough.</source>
        <translation>即使采用 GPU 规格书允许的最低功耗限制（{low:,.0f} W）也不够。</translation>
    </message>
    <message>
        <source>{gpu} runs at {tdp:,g} W; {chassis} cools {limit:,g} W per GPU with air: cap it at {limit:,g} W</source>
        <translation>{gpu} 功耗 {tdp:,g} W；{chassis} 风冷每 GPU 最多散热 {limit:,g} W：请将其功耗限制在 {limit:,g} W</translation>
    </message>
    <message>
        <source>{gpu}&apos;s power is configurable from {low:g} to {high:,g} W (datasheet). Capped at {limit:,g} W it stays within the chassis&apos; air cooling; it then holds lower clocks, so compute-bound work (prefill, large batches) runs slower while memory bandwidth is unchanged, and the node draws {saved:,.0f} W less.</source>
        <translation>{gpu} 的功耗可在 {low:g} 到 {high:,g} W 之间设置（规格书）。限制在 {limit:,g} W 时，它处于机箱风冷能力范围之内；此时频率较低，受算力限制的工作（预填充、大批量）会变慢，而显存带宽不变，节点功耗减少 {saved:,.0f} W。</translation>
    </message>
    <message>
        <source>cap the GPUs at {limit:,g} W</source>
        <translation>将 GPU 功耗限制在 {limit:,g} W</translation>
    </message>
    <message>
        <source>{gpu} mounts on the {board} baseboard; {chassis} takes {boards}</source>
        <translation>{gpu} 安装在 {board} 基板上；{chassis} 支持 {boards}</translation>
    </message>
    <message>
        <source>Each {form} generation has its own baseboard (socket, power and NVLink/Infinity Fabric layout), and a chassis is built and qualified for the ones its vendor lists (DOMAIN.md: SXM/OAM modules need their baseboard chassis).</source>
        <translation>每一代 {form} 模组都有各自的基板（插座、供电以及 NVLink/Infinity Fabric 布局），机箱只针对厂商列出的基板设计和认证（DOMAIN.md：SXM/OAM 模组需要配套基板的机箱）。</translation>
    </message>
    <message>
        <source>{gpu} is {form}; {chassis} takes {takes} GPUs</source>
        <translation>{gpu} 为 {form} 规格；{chassis} 只支持 {takes} GPU</translation>
    </message>
    <message>
        <source>The card is {width} slots wide; each GPU position of {chassis} takes {per} slots, so it covers {covers} positions ({slot}, {neighbours}).</source>
        <translation>该卡占 {width} 个槽宽；{chassis} 每个 GPU 位宽 {per} 个槽，因此会占用 {covers} 个 GPU 位（{slot}、{neighbours}）。</translation>
    </message>
    <message>
        <source>{gpu} in {slot} is {width} slots wide: no room next to it</source>
        <translation>{slot} 中的 {gpu} 占 {width} 个槽宽：旁边没有空间</translation>
    </message>
    <message>
        <source>{blocked} is taken or does not exist.</source>
        <translation>{blocked} 已被占用或不存在。</translation>
    </message>
    <message>
        <source>{gpu} in {slot} covers {neighbours}: leave it empty</source>
        <translation>{slot} 中的 {gpu} 会遮挡 {neighbours}：请保持其为空</translation>
    </message>
    <message>
        <source>fill the baseboard with {n} more {gpu}</source>
        <translation>为基板再装满 {n} 块 {gpu}</translation>
    </message>
    <message>
        <source>{n} of {slots} {form} positions populated</source>
        <translation>{slots} 个 {form} GPU 位中已装 {n} 个</translation>
    </message>
    <message>
        <source>{form} baseboards (HGX, OAM UBB) are sold fully populated and wired as one NVLink/Infinity Fabric domain of {slots}; a partly populated board is not a standard configuration. Choose a smaller baseboard or PCIe GPUs for fewer cards.</source>
        <translation>{form} 基板（HGX、OAM UBB）按满配销售，{slots} 块 GPU 组成一个 NVLink/Infinity Fabric 互联域；部分安装的基板不是标准配置。如需更少的卡，请选择更小的基板或 PCIe GPU。</translation>
    </message>
    <message>
        <source>use {cpu} ({cores} cores, {socket}) instead</source>
        <translation>改用 {cpu}（{cores} 核，{socket}）</translation>
    </message>
    <message>
        <source>{cpu} is {socket}; {chassis} has {takes} sockets</source>
        <translation>{cpu} 为 {socket} 插座；{chassis} 的 CPU 插槽为 {takes}</translation>
    </message>
    <message>
        <source>The CPU&apos;s socket ({socket}) must equal the board&apos;s ({takes}).</source>
        <translation>CPU 插座（{socket}）必须与主板插槽（{takes}）一致。</translation>
    </message>
    <message>
        <source>No CPU placed</source>
        <translation>未安装 CPU</translation>
    </message>
    <message>
        <source>{chassis} has {n} socket(s); a node needs a CPU.</source>
        <translation>{chassis} 有 {n} 个 CPU 插槽；节点至少需要一颗 CPU。</translation>
    </message>
    <message>
        <source>Different CPU models in one node</source>
        <translation>同一节点中混用了不同型号的 CPU</translation>
    </message>
    <message>
        <source>Multi-socket boards need identical CPUs: {models}</source>
        <translation>多路主板需要相同型号的 CPU：{models}</translation>
    </message>
    <message>
        <source>{cpu} supports {max} socket(s), {n} placed</source>
        <translation>{cpu} 最多支持 {max} 路，当前安装 {n} 颗</translation>
    </message>
    <message>
        <source>{cpu} is a {max}P part; it cannot run in a {n}-socket system.</source>
        <translation>{cpu} 是 {max}P 处理器；不能用于 {n} 路系统。</translation>
    </message>
    <message>
        <source>{n} of {sockets} CPU sockets empty</source>
        <translation>{sockets} 个 CPU 插槽中有 {n} 个为空</translation>
    </message>
    <message>
        <source>On dual-socket boards the DIMM slots and PCIe lanes (often GPU slots) of an empty socket are dead; only use one socket if the vendor supports 1P population of this chassis.</source>
        <translation>在双路主板上，空 CPU 插槽对应的内存插槽和 PCIe 通道（通常包括 GPU 插槽）都无法使用；只有厂商支持该机箱单路配置时才可只装一颗 CPU。</translation>
    </message>
    <message>
        <source>add a second {cpu}</source>
        <translation>再添加一颗 {cpu}</translation>
    </message>
    <message>
        <source>use {gb} GB {type} ({dimm}) instead</source>
        <translation>改用 {gb} GB {type}（{dimm}）</translation>
    </message>
    <message>
        <source>{dimm} is {type}; {cpu} takes {takes}</source>
        <translation>{dimm} 为 {type}；{cpu} 需要 {takes}</translation>
    </message>
    <message>
        <source>DIMM type (generation, registered or not) must match the memory controller.</source>
        <translation>内存条类型（代际、是否带寄存器）必须与内存控制器匹配。</translation>
    </message>
    <message>
        <source>{n} DIMM(s) beside an empty CPU socket</source>
        <translation>{n} 条内存插在空 CPU 插槽旁</translation>
    </message>
    <message>
        <source>A socket&apos;s memory channels belong to its CPU; without it these DIMMs are not seen.</source>
        <translation>CPU 插槽的内存通道属于其 CPU；没有 CPU 时这些内存条无法识别。</translation>
    </message>
    <message>
        <source>remove the DIMMs on the empty socket</source>
        <translation>移除空 CPU 插槽旁的内存条</translation>
    </message>
    <message>
        <source>No memory placed</source>
        <translation>未安装内存</translation>
    </message>
    <message>
        <source>The node needs DIMMs to boot.</source>
        <translation>节点需要内存条才能启动。</translation>
    </message>
    <message>
        <source>{n} of {total} memory channels populated</source>
        <translation>{total} 个内存通道中已插 {n} 个</translation>
    </message>
    <message>
        <source>Memory channels hold different numbers of DIMMs</source>
        <translation>各内存通道的内存条数量不一致</translation>
    </message>
    <message>
        <source>{dimms} DIMM(s) over {total} channels ({channels} per CPU x {cpus} CPU(s)); per channel: {per}. Memory bandwidth scales with populated channels, and uneven channels break interleaving: populate every channel with the same number of identical DIMMs.</source>
        <translation>{dimms} 条内存分布在 {total} 个通道上（每颗 CPU {channels} 个通道 x {cpus} 颗 CPU）；每通道：{per}。内存带宽随已插通道数增长，通道不均衡会破坏交错访问：请在每个通道插入相同数量、相同型号的内存条。</translation>
    </message>
    <message>
        <source>Different DIMM models mixed</source>
        <translation>混用了不同型号的内存条</translation>
    </message>
    <message>
        <source>Mixed {models}: mixed capacities or ranks make channels uneven and can drop the memory speed.</source>
        <translation>混用 {models}：容量或 rank 不同会使通道不均衡，并可能降低内存频率。</translation>
    </message>
    <message>
        <source>No PSU placed ({bays} bays)</source>
        <translation>未安装电源（{bays} 个仓位）</translation>
    </message>
    <message>
        <source>The node needs power supplies.</source>
        <translation>节点需要电源。</translation>
    </message>
    <message>
        <source>{psu} ({rating:,g} W) is below the {min:,g} W the chassis takes</source>
        <translation>{psu}（{rating:,g} W）低于机箱要求的 {min:,g} W</translation>
    </message>
    <message>
        <source>{chassis} is offered with PSUs of at least {min:,g} W.</source>
        <translation>{chassis} 配套电源至少为 {min:,g} W。</translation>
    </message>
    <message>
        <source>{drive} ({form}) does not fit {slot}</source>
        <translation>{drive}（{form}）不适合 {slot}</translation>
    </message>
    <message>
        <source>{slot} takes {takes}; the drive is {form} {interface}.</source>
        <translation>{slot} 支持 {takes}；该硬盘为 {form} {interface}。</translation>
    </message>
    <message>
        <source>{nic} is x{lanes}; {slot} is x{slot_lanes}</source>
        <translation>{nic} 为 x{lanes}；{slot} 为 x{slot_lanes}</translation>
    </message>
    <message>
        <source>The card runs at x{slot_lanes}, with {share:.0%} of its host bandwidth.</source>
        <translation>该卡将以 x{slot_lanes} 运行，只有 {share:.0%} 的主机带宽。</translation>
    </message>
    <message>
        <source>{lanes} in 2P</source>
        <translation>双路时 {lanes}</translation>
    </message>
    <message>
        <source>Devices need {need} PCIe lanes; the CPUs give {have}</source>
        <translation>设备需要 {need} 条 PCIe 通道；CPU 只提供 {have} 条</translation>
    </message>
    <message>
        <source>Lanes wanted: {per} = {need}. CPU lanes: {cpu_lanes} = {have}. {chassis} has no PCIe switch, so some devices would run narrower or not at all.</source>
        <translation>所需通道：{per} = {need}。CPU 通道：{cpu_lanes} = {have}。{chassis} 没有 PCIe 交换芯片，部分设备会降宽运行或无法工作。</translation>
    </message>
    <message>
        <source>use {n} x {cpu} ({cores} cores, {ghz:g} GHz base)</source>
        <translation>改用 {n} x {cpu}（{cores} 核，基础频率 {ghz:g} GHz）</translation>
    </message>
    <message>
        <source>{cores} cores / {gpus} GPU(s) = {ratio:g} cores per GPU; guideline {lo:g}-{hi:g}.</source>
        <translation>{cores} 核 / {gpus} 块 GPU = 每 GPU {ratio:g} 核；建议 {lo:g}-{hi:g}。</translation>
    </message>
    <message>
        <source>{ratio:g} CPU cores per GPU; at least {lo:g} recommended</source>
        <translation>每 GPU {ratio:g} 个 CPU 核；建议至少 {lo:g} 个</translation>
    </message>
    <message>
        <source>Tokenisation, scheduling and KV-cache management run on the host and starve the GPUs.</source>
        <translation>分词、调度和 KV 缓存管理都在主机上运行，CPU 不足会让 GPU 空等。</translation>
    </message>
    <message>
        <source>{ratio:g} CPU cores per GPU; more than {hi:g} rarely helps inference</source>
        <translation>每 GPU {ratio:g} 个 CPU 核；超过 {hi:g} 个对推理帮助不大</translation>
    </message>
    <message>
        <source>A smaller CPU may save cost and power (batch scenarios aside).</source>
        <translation>较小的 CPU 可节省成本和功耗（批处理场景除外）。</translation>
    </message>
    <message>
        <source>{cores} CPU cores; at least {need:g} recommended for an inference server</source>
        <translation>{cores} 个 CPU 核；推理服务器建议至少 {need:g} 个</translation>
    </message>
    <message>
        <source>{n} x {cpu} = {cores} cores &lt; {need:g}.</source>
        <translation>{n} x {cpu} = {cores} 核 &lt; {need:g}。</translation>
    </message>
    <message>
        <source>The server-wide {full:g} is capped at {per_gpu:g} cores per GPU x {gpus} GPU(s), since more rarely helps inference.</source>
        <translation>整机要求的 {full:g} 核被限制为每 GPU {per_gpu:g} 核 x {gpus} 块 GPU，因为更多核心对推理帮助不大。</translation>
    </message>
    <message>
        <source> {scenario} is latency-sensitive: tokenisation and scheduling sit on the TTFT path (target TTFT &lt; {ttft:g} ms).</source>
        <translation>{scenario}对延迟敏感：分词和调度位于 TTFT 路径上（目标 TTFT &lt; {ttft:g} ms）。</translation>
    </message>
    <message>
        <source>{factor:g} x {vram:g} GiB VRAM</source>
        <translation>{factor:g} x {vram:g} GiB 显存</translation>
    </message>
    <message>
        <source>No add-in NIC for {gpus} GPU(s); {need:g} Gb/s of {kind}network recommended</source>
        <translation>{gpus} 块 GPU 未配扩展网卡；建议 {need:g} Gb/s 的{kind}网络</translation>
    </message>
    <message>
        <source>{listed} placed ({total:g} Gb/s, {have:g} Gb/s of it RDMA); {need:g} Gb/s of {kind}network recommended for {gpus} GPU(s)</source>
        <translation>已安装 {listed}（{total:g} Gb/s，其中 RDMA {have:g} Gb/s）；{gpus} 块 GPU 建议 {need:g} Gb/s 的{kind}网络</translation>
    </message>
    <message>
        <source>{listed} placed ({have:g} Gb/s); {need:g} Gb/s of {kind}network recommended for {gpus} GPU(s)</source>
        <translation>已安装 {listed}（{have:g} Gb/s）；{gpus} 块 GPU 建议 {need:g} Gb/s 的{kind}网络</translation>
    </message>
    <message>
        <source>{limit} {draw} Choose a denser site, a bigger feed, or fewer/lower-power GPUs.</source>
        <translation>{limit}{draw}请选择密度更高的场地、容量更大的供电线路，或减少 GPU 数量/选用功耗更低的 GPU。</translation>
    </message>
    <message>
        <source>switch weights to {precision}: needs {need:.1f} of {usable:.1f} GiB per GPU</source>
        <translation>权重改用 {precision}：每 GPU 需要 {need:.1f} GiB，可用 {usable:.1f} GiB</translation>
    </message>
    <message>
        <source>{gib:.1f} GiB</source>
        <translation>{gib:.1f} GiB</translation>
    </message>
    <message>
        <source>activation peak of a {tokens}-token forward pass</source>
        <translation>{tokens} 令牌前向传播的激活峰值</translation>
    </message>
    <message>
        <source>runtime workspaces</source>
        <translation>运行时工作区</translation>
    </message>
    <message>
        <source>NCCL buffers</source>
        <translation>NCCL 缓冲区</translation>
    </message>
    <message>
        <source>memory the engine leaves unallocated</source>
        <translation>引擎未分配的显存</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>{vram:g} GiB less the driver&apos;s reserve x {fraction:g} ({engine} memory fraction)</source>
        <translation>（{vram:g} GiB 减去驱动预留）x {fraction:g}（{engine} 显存比例）</translation>
    </message>
    <message>
        <source>, less the CUDA context</source>
        <translation>，再减去 CUDA 上下文</translation>
    </message>
    <message>
        <source>{vram:g} GiB less the driver&apos;s reserve and the CUDA context; {engine} gives the KV cache {fraction:g} of what is left after weights and activations</source>
        <translation>{vram:g} GiB 减去驱动预留和 CUDA 上下文；{engine} 将扣除权重和激活后剩余部分的 {fraction:g} 分配给 KV 缓存</translation>
    </message>
    <message>
        <source>Without routed_experts and experts_per_token the estimate takes all {total:g} B parameters as experts, each token touching {share:.0%} of them (active / total), so it cannot tell the weights every step reads from the experts a batch touches. Edit the model and enter both from its config.json.</source>
        <translation>缺少 routed_experts 和 experts_per_token 时，估算把全部 {total:g} B 参数都当作专家，每个 token 用到其中 {share:.0%}（激活参数 / 总参数），因而无法区分每一步都要读取的权重与批次实际用到的专家。请编辑该模型，按其 config.json 填入这两项。</translation>
    </message>
    <message>
        <source>{model} at {precision} does not fit {group}: {need} needed of {usable} usable per GPU (weights {weights} + overhead {overhead} before any KV cache)</source>
        <translation>{precision} 精度的 {model} 放不进 {group}：每 GPU 需要 {need}，可用 {usable}（尚未计入 KV 缓存，权重 {weights} + 开销 {overhead}）</translation>
    </message>
    <message>
        <source>Weights {weights:.1f} GiB x {factor:g} = {thumb:.1f} GiB vs {have:g} GiB of VRAM in the TP x PP group. The rule of thumb ignores the engine&apos;s memory fraction, the runtime overhead and the KV cache for {requests} x {context} tokens; trust the detailed check.</source>
        <translation>权重 {weights:.1f} GiB x {factor:g} = {thumb:.1f} GiB，对比 TP x PP 组内的 {have:g} GiB 显存。该经验法则忽略了引擎的显存比例、运行时开销以及 {requests} x {context} 令牌的 KV 缓存；请以详细检查为准。</translation>
    </message>
    <message>
        <source>{cpu} base clock {ghz:g} GHz; at least {need:g} GHz recommended</source>
        <translation>{cpu} 基础频率 {ghz:g} GHz；建议至少 {need:g} GHz</translation>
    </message>
    <message>
        <source>IEC 60320: C13/C14 rated 10 A, C19/C20 rated 16 A</source>
        <translation>IEC 60320：C13/C14 额定 10 A，C19/C20 额定 16 A</translation>
    </message>
    <message>
        <source>assumption: 0.95, the 80 PLUS Platinum/Titanium minimum power factor at 50 % load (https://en.wikipedia.org/wiki/80_Plus); server PSUs reach 0.98-0.99 near full load, so currents here err high</source>
        <translation>假设：0.95，即 80 PLUS 铂金/钛金在 50 % 负载时的最低功率因数（https://en.wikipedia.org/wiki/80_Plus）；服务器电源在接近满载时可达 0.98-0.99，因此此处电流偏高估算</translation>
    </message>
    <message>
        <source>assumption: one vertical (0U) PDU per feed with 24 C13 or 12 C19 outlets; set the site&apos;s PDU model</source>
        <translation>假设：每路供电一条竖装（0U）PDU，带 24 个 C13 或 12 个 C19 插座；请设置场地实际的 PDU 型号</translation>
    </message>
    <message>
        <source>stated by the vendor (catalog)</source>
        <translation>厂商标明（部件库）</translation>
    </message>
    <message>
        <source>derived: {amps:.1f} A at full rating on the lowest line voltage is within {inlet}&apos;s {limit:g} A ({source}); not stated by the vendor</source>
        <translation>推算：满额定功率、最低线路电压下的输入电流 {amps:.1f} A，在 {inlet} 的 {limit:g} A 额定值以内（{source}）；厂商未标明</translation>
    </message>
    <message>
        <source>derived: {amps:.1f} A at full rating on the lowest line voltage is over the 16 A of a C20 ({source}); check the vendor&apos;s cord</source>
        <translation>推算：满额定功率、最低线路电压下的输入电流 {amps:.1f} A，超出 C20 的 16 A（{source}）；请核对厂商提供的电源线</translation>
    </message>
    <message>
        <source>CFM = W x 3.412 / (1.08 x dT), dT = 20 F (11.1 K) assumed rise through the servers (reference/platform.csv; https://es.coolnetsystem.com/120kw-racks-demand-high-density-data-center-cooling-not-air); 1 CFM = 1.699 m3/h</source>
        <translation>CFM = W x 3.412 / (1.08 x dT)，假设气流经过服务器温升 dT = 20 °F（11.1 K）（reference/platform.csv；https://es.coolnetsystem.com/120kw-racks-demand-high-density-data-center-cooling-not-air）；1 CFM = 1.699 m3/h</translation>
    </message>
    <message>
        <source>Rack {n}</source>
        <translation>机柜 {n}</translation>
    </message>
    <message>
        <source>{kg:g} kg per node as the vendor publishes it (catalog source)</source>
        <translation>每节点 {kg:g} kg，取自厂商公布值（部件库来源）</translation>
    </message>
    <message>
        <source>not stated: the vendor&apos;s weight is not in the catalog</source>
        <translation>未注明：部件库中没有厂商公布的重量</translation>
    </message>
    <message>
        <source>Power factor</source>
        <translation>功率因数</translation>
    </message>
    <message>
        <source>Inlet and outlet ratings</source>
        <translation>输入插座与输出插座额定值</translation>
    </message>
    <message>
        <source>PDUs</source>
        <translation>PDU</translation>
    </message>
    <message>
        <source>Breaker derating</source>
        <translation>断路器降额</translation>
    </message>
    <message>
        <source>Airflow</source>
        <translation>风量</translation>
    </message>
    <message>
        <source>Heat</source>
        <translation>发热量</translation>
    </message>
    <message>
        <source>Load sharing</source>
        <translation>负载分配</translation>
    </message>
    <message>
        <source>PSUs share the load equally; PSU 1, 3, 5 ... on feed A, 2, 4, 6 ... on feed B; a three-phase feed&apos;s PSUs dealt over L1, L2, L3 in turn</source>
        <translation>各电源平均分担负载；第 1、3、5 ... 个电源接 A 路供电，第 2、4、6 ... 个接 B 路供电；三相供电时，各路的电源依次轮流分配到 L1、L2、L3</translation>
    </message>
    <message>
        <source>With one feed, {rack} {phase} draws {amps:.1f} A, over the breaker&apos;s {usable:.1f} A continuous limit.</source>
        <translation>仅剩一路供电时，{rack} 的 {phase} 相电流为 {amps:.1f} A，超出断路器 {usable:.1f} A 的持续负载上限。</translation>
    </message>
    <message>
        <source>ASHRAE TC 9.9 thermal guidelines (2021): allowable inlet A1 15-32 °C, A2 10-35 °C, A3 5-40 °C</source>
        <translation>ASHRAE TC 9.9 热环境指南（2021）：允许进风温度 A1 15-32 °C，A2 10-35 °C，A3 5-40 °C</translation>
    </message>
    <message>
        <source>One PSU lost</source>
        <translation>一个电源故障</translation>
    </message>
    <message>
        <source>Feed A lost</source>
        <translation>A 路供电中断</translation>
    </message>
    <message>
        <source>110 V site</source>
        <translation>110 V 场地</translation>
    </message>
    <message>
        <source>Hot aisle, 35 °C inlet</source>
        <translation>热通道，进风 35 °C</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>keeps running</source>
        <translation>继续运行</translation>
    </message>
    <message>
        <source>keeps running capped at {cap:,.0f} W per GPU</source>
        <translation>每 GPU 功耗限制在 {cap:,.0f} W 时可继续运行</translation>
    </message>
    <message>
        <source>stops</source>
        <translation>停机</translation>
    </message>
    <message>
        <source>- {n} finding(s) cleared: {rules}</source>
        <translation>- 消除 {n} 条检查结果：{rules}</translation>
    </message>
    <message>
        <source>No GPU to cap.</source>
        <translation>没有可限制功耗的 GPU。</translation>
    </message>
    <message>
        <source>No GPU power cap is offered: the datasheet of {gpus} gives no configurable power range.</source>
        <translation>无法提供 GPU 功耗限制：{gpus} 的规格书未给出可配置的功耗范围。</translation>
    </message>
    <message>
        <source>{n} of {count} PSUs left ({slot} failed); judged at {mode}</source>
        <translation>{count} 个电源剩余 {n} 个（{slot} 故障）；按 {mode} 判定</translation>
    </message>
    <message>
        <source>feed B&apos;s {n} of {count} PSUs carry the node alone (A: {a})</source>
        <translation>由 B 路供电上的 {n} 个电源（共 {count} 个）单独承担节点负载（A 路：{a}）</translation>
    </message>
    <message>
        <source>The build is set to {mode}, not N+N; its PSUs are still split A/B alternately.</source>
        <translation>该配置设为 {mode}，而非 N+N；其电源仍按 A/B 交替分配。</translation>
    </message>
    <message>
        <source>feed at {volts:g} V single phase (low line)</source>
        <translation>单相 {volts:g} V 供电（低压输入）</translation>
    </message>
    <message>
        <source>inlet air at {inlet:g} °C</source>
        <translation>进风温度 {inlet:g} °C</translation>
    </message>
    <message>
        <source>The catalog has no supported inlet temperature for this chassis (not stated): ask the vendor. {source}. Fans run at full speed near the top of the range: plan for the node&apos;s maximum, {wall:,.0f} W.</source>
        <translation>部件库中没有该机箱支持的进风温度（未注明）：请咨询厂商。{source}。接近范围上限时风扇全速运转：请按节点最大功耗 {wall:,.0f} W 进行规划。</translation>
    </message>
    <message>
        <source>The vendor supports inlet air up to {limit:g} °C. {source}. A power cap does not lower the inlet temperature.</source>
        <translation>厂商支持的最高进风温度为 {limit:g} °C。{source}。功耗限制不会降低进风温度。</translation>
    </message>
    <message>
        <source>Base {ghz:g} GHz &lt; {need} (boost {boost:g} GHz is not sustained on all cores).</source>
        <translation>基础频率 {ghz:g} GHz &lt; {need}（{boost:g} GHz 睿频无法在全部核心上持续）。</translation>
    </message>
    <message>
        <source>{scenario} is throughput work: prefer many cores (&gt;= {n:g} per socket)</source>
        <translation>{scenario}属于吞吐型负载：建议选用多核 CPU（每路 &gt;= {n:g} 核）</translation>
    </message>
    <message>
        <source>{cpu}: {cores} cores per socket. Large batches keep many requests in pre- and post-processing at once.</source>
        <translation>{cpu}：每路 {cores} 核。大批量时会有许多请求同时处于预处理和后处理阶段。</translation>
    </message>
    <message>
        <source>{ram:g} GB RAM; {need:g} GB recommended ({rule})</source>
        <translation>内存 {ram:g} GB；建议 {need:g} GB（{rule}）</translation>
    </message>
    <message>
        <source>{n} DIMM(s) = {ram:g} GB. Guideline: {rule} = {need:g} GB ({threshold}). Weights are staged through host memory at load, and KV-cache offload uses it.</source>
        <translation>{n} 条内存 = {ram:g} GB。建议：{rule} = {need:g} GB（{threshold}）。加载时权重经主机内存中转，KV 缓存卸载也会使用主机内存。</translation>
    </message>
    <message>
        <source>{gb:g} GB x {cores} cores</source>
        <translation>{gb:g} GB x {cores} 核</translation>
    </message>
    <message>
        <source>InfiniBand or RoCE (RDMA) </source>
        <translation>InfiniBand 或 RoCE（RDMA）</translation>
    </message>
    <message>
        <source>model traffic crosses nodes</source>
        <translation>模型流量跨节点</translation>
    </message>
    <message>
        <source>one node</source>
        <translation>单节点</translation>
    </message>
    <message>
        <source>no add-in NIC</source>
        <translation>无扩展网卡</translation>
    </message>
    <message>
        <source>add {n} x {nic} ({ports} x {speed:g} Gb/s)</source>
        <translation>添加 {n} x {nic}（{ports} x {speed:g} Gb/s）</translation>
    </message>
    <message>
        <source> (non-RDMA ports not counted)</source>
        <translation>（非 RDMA 端口不计入）</translation>
    </message>
    <message>
        <source>{gpus} GPU(s), {where}: guideline {kind}&gt;= {need:g} Gb/s. Placed: {listed}{note}. Onboard LAN ports are not modelled.</source>
        <translation>{gpus} 块 GPU，{where}：建议{kind} &gt;= {need:g} Gb/s。已安装：{listed}{note}。板载 LAN 口未计入。</translation>
    </message>
    <message>
        <source>No drive placed for the OS and the model weights</source>
        <translation>未安装用于操作系统和模型权重的硬盘</translation>
    </message>
    <message>
        <source>{model} at {precision} is {gb:.0f} GB.</source>
        <translation>{model} 在 {precision} 精度下为 {gb:.0f} GB。</translation>
    </message>
    <message>
        <source>Data drives hold {capacity:.0f} GB; the weights are {weights:.0f} GB</source>
        <translation>数据盘容量 {capacity:.0f} GB；权重为 {weights:.0f} GB</translation>
    </message>
    <message>
        <source>{n} data drive(s) = {capacity:.0f} GB &lt; {weights:.0f} GB of weights (plus room for a second version during upgrades).</source>
        <translation>{n} 块数据盘 = {capacity:.0f} GB &lt; {weights:.0f} GB 权重（升级时还需容纳第二个版本）。</translation>
    </message>
    <message>
        <source>{capacity:.0f} GB for data; at least {min:g} GB NVMe recommended</source>
        <translation>数据盘 {capacity:.0f} GB；建议至少 {min:g} GB NVMe</translation>
    </message>
    <message>
        <source>Weights take {weights:.0f} GB; keep room for model versions and datasets.</source>
        <translation>权重占 {weights:.0f} GB；请为模型版本和数据集留出空间。</translation>
    </message>
    <message>
        <source>Loading the weights takes about {s:.0f} s</source>
        <translation>加载权重约需 {s:.0f} 秒</translation>
    </message>
    <message>
        <source>{weights:.0f} GB / {mbs:g} MB/s sequential read ({drive}) = {s:.0f} s &gt; {limit}. A PCIe 5.0 NVMe drive (&gt;= 10 GB/s) loads in seconds to minutes.</source>
        <translation>{weights:.0f} GB / {mbs:g} MB/s 顺序读（{drive}）= {s:.0f} 秒 &gt; {limit}。PCIe 5.0 NVMe 硬盘（&gt;= 10 GB/s）可在数秒到数分钟内加载完成。</translation>
    </message>
    <message>
        <source>add {n} x {drive} ({gb:g} GB) as RAID 1 system disks</source>
        <translation>添加 {n} x {drive}（{gb:g} GB）作为 RAID 1 系统盘</translation>
    </message>
    <message>
        <source>{n} system disk(s) of &gt;= {gb:g} GB; {count} in RAID 1 recommended</source>
        <translation>{n} 块 &gt;= {gb:g} GB 的系统盘；建议 {count} 块组成 RAID 1</translation>
    </message>
    <message>
        <source>OS and logs on a mirrored pair keep the node up when one disk fails ({source}). Drives in M.2 slots count as system disks unless marked otherwise.</source>
        <translation>操作系统和日志放在镜像盘对上，一块盘故障时节点仍可运行（{source}）。M.2 插槽中的硬盘默认视为系统盘。</translation>
    </message>
    <message>
        <source>deploy {n} nodes for TP={tp} x PP={pp}</source>
        <translation>为 TP={tp} x PP={pp} 部署 {n} 个节点</translation>
    </message>
    <message>
        <source>use TP={tp}, PP=1 on this node&apos;s {n} GPU(s)</source>
        <translation>改用 TP={tp}、PP=1，使用本节点的 {n} 块 GPU</translation>
    </message>
    <message>
        <source>TP={tp} x PP={pp} needs {group} GPUs; {total} deployed</source>
        <translation>TP={tp} x PP={pp} 需要 {group} 块 GPU；已部署 {total} 块</translation>
    </message>
    <message>
        <source>{per_node} GPU(s) per node x {nodes} node(s) = {total} &lt; {group}.</source>
        <translation>每节点 {per_node} 块 GPU x {nodes} 个节点 = {total} &lt; {group}。</translation>
    </message>
    <message>
        <source>{idle} of {per_node} GPUs idle: {per_node} is not a multiple of TP x PP = {group}</source>
        <translation>{per_node} 块 GPU 中有 {idle} 块闲置：{per_node} 不是 TP x PP = {group} 的整数倍</translation>
    </message>
    <message>
        <source>{copies} model copies of {group} GPU(s) each fit on the node; the rest serve nothing.</source>
        <translation>节点上可放 {copies} 个模型副本，每个 {group} 块 GPU；其余 GPU 不提供服务。</translation>
    </message>
    <message>
        <source>keep TP inside the node: TP={tp}, PP={pp} across nodes</source>
        <translation>将 TP 限制在节点内：TP={tp}，跨节点 PP={pp}</translation>
    </message>
    <message>
        <source>TP={tp} spans nodes of {n} GPUs: all-reduces cross the network</source>
        <translation>TP={tp} 跨越了每节点 {n} 块 GPU 的节点：all-reduce 需经过网络</translation>
    </message>
    <message>
        <source>Tensor parallelism does two all-reduces per layer; across nodes they run at network speed. Use TP within a node and pipeline parallelism between nodes.</source>
        <translation>张量并行每层做两次 all-reduce；跨节点时以网络速度进行。请在节点内使用 TP，节点间使用流水线并行。</translation>
    </message>
    <message>
        <source>use TP={tp}</source>
        <translation>改用 TP={tp}</translation>
    </message>
    <message>
        <source>TP={tp} does not divide {model}&apos;s {heads} attention heads</source>
        <translation>TP={tp} 不能整除 {model} 的 {heads} 个注意力头</translation>
    </message>
    <message>
        <source>{heads} heads / {tp} is not whole; engines refuse to start.</source>
        <translation>{heads} 个注意力头 / {tp} 不是整数；推理引擎将无法启动。</translation>
    </message>
    <message>
        <source>TP={tp} does not split {model}&apos;s {kv} KV heads</source>
        <translation>TP={tp} 无法切分 {model} 的 {kv} 个 KV 头</translation>
    </message>
    <message>
        <source>{kv} KV heads over TP {tp}: neither divides the other, so they can be neither split evenly nor replicated whole; engines refuse to start.</source>
        <translation>{kv} 个 KV 头对 TP {tp}：两者互不整除，既不能均分也不能整份复制；推理引擎会拒绝启动。</translation>
    </message>
    <message>
        <source>use TP={tp} x PP={pp} (pipeline parallelism over PCIe)</source>
        <translation>改用 TP={tp} x PP={pp}（通过 PCIe 做流水线并行）</translation>
    </message>
    <message>
        <source>PCIe only</source>
        <translation>仅 PCIe</translation>
    </message>
    <message>
        <source>TP={tp} over PCIe: {gpu} has no NVLink/NVSwitch between all GPUs</source>
        <translation>TP={tp} 经由 PCIe：{gpu} 的所有 GPU 之间没有 NVLink/NVSwitch</translation>
    </message>
    <message>
        <source>Tensor parallelism does two all-reduces per layer; over PCIe ({link}) keep TP &lt;= {limit:g} and use pipeline parallelism, or a GPU with more memory.</source>
        <translation>张量并行每层做两次 all-reduce；经由 PCIe（{link}）时请保持 TP &lt;= {limit:g} 并使用流水线并行，或选用显存更大的 GPU。</translation>
    </message>
    <message>
        <source>{gpu} has no peer-to-peer over PCIe: TP/PP traffic goes through host memory</source>
        <translation>{gpu} 不支持 PCIe 点对点通信：TP/PP 流量需经主机内存中转</translation>
    </message>
    <message>
        <source>Consumer GeForce cards have P2P disabled; every all-reduce is staged through the CPU, which costs latency at each layer.</source>
        <translation>消费级 GeForce 显卡禁用了 P2P；每次 all-reduce 都要经 CPU 中转，每层都会增加延迟。</translation>
    </message>
    <message>
        <source>Different GPU models in one node in one TP/PP group</source>
        <translation>同一节点的同一 TP/PP 组中混用了不同型号的 GPU</translation>
    </message>
    <message>
        <source>Different GPU models in one node</source>
        <translation>同一节点中混用了不同型号的 GPU</translation>
    </message>
    <message>
        <source>{models}. A TP/PP group runs at the pace and memory of its weakest GPU; the VRAM check uses the smallest.</source>
        <translation>{models}。TP/PP 组按其中最弱 GPU 的速度和显存运行；显存检查按最小的计算。</translation>
    </message>
    <message>
        <source>Node max draw {max:,.0f} W DC ({parts}); typical {typical:,.0f} W. At the wall (PSU efficiency {efficiency:.0%}): max {max_ac:,.0f} W, typical {typical_ac:,.0f} W.</source>
        <translation>节点最大功耗 {max:,.0f} W 直流（{parts}）；典型 {typical:,.0f} W。输入端（电源效率 {efficiency:.0%}）：最大 {max_ac:,.0f} W，典型 {typical_ac:,.0f} W。</translation>
    </message>
    <message>
        <source>The vendor states {vendor:,.0f} W max at the wall ({source}); this build sums to {ours:,.0f} W ({delta:+.0%}).</source>
        <translation>厂商标称市电输入端最大 {vendor:,.0f} W（{source}）；本配置合计 {ours:,.0f} W（{delta:+.0%}）。</translation>
    </message>
    <message>
        <source>high line</source>
        <translation>高压输入</translation>
    </message>
    <message>
        <source>low line</source>
        <translation>低压输入</translation>
    </message>
    <message>
        <source>feed the PSUs from 200-240 V (high line)</source>
        <translation>电源改用 200-240 V 供电（高压输入）</translation>
    </message>
    <message>
        <source>PSUs give {usable:,.0f} W under {mode}; the node draws up to {load:,.0f} W</source>
        <translation>电源在 {mode} 下可提供 {usable:,.0f} W；节点最大功耗 {load:,.0f} W</translation>
    </message>
    <message>
        <source>{count} x {model} at {volts:g} V ({line}) = {rating:,g} W each; under {mode} {usable:,.0f} W is usable (N+1: count-1 carry the load; N+N: half). {draw}</source>
        <translation>{count} x {model}，{volts:g} V（{line}）= 每个 {rating:,g} W；{mode} 下可用 {usable:,.0f} W（N+1：count-1 个承载负荷；N+N：一半）。{draw}</translation>
    </message>
    <message>
        <source>At {volts:g} V each {psu} gives {low:,g} W, not {high:,g} W</source>
        <translation>在 {volts:g} V 下每个 {psu} 只能输出 {low:,g} W，而非 {high:,g} W</translation>
    </message>
    <message>
        <source>At {volts:g} V each {psu} does not run at all (high line only)</source>
        <translation>在 {volts:g} V 下 {psu} 完全无法工作（仅支持高压输入）</translation>
    </message>
    <message>
        <source>High-wattage server PSUs deliver their rating only on 200-240 V. Usable here: {usable:,.0f} W vs {high_usable:,.0f} W on high line; node max draw {load:,.0f} W.</source>
        <translation>大功率服务器电源只有在 200-240 V 下才能输出额定功率。此处可用：{usable:,.0f} W，高压输入时为 {high_usable:,.0f} W；节点最大功耗 {load:,.0f} W。</translation>
    </message>
    <message>
        <source>add a PSU: {n} x {psu}</source>
        <translation>增加电源：{n} x {psu}</translation>
    </message>
    <message>
        <source>use N+1 redundancy</source>
        <translation>改用 N+1 冗余</translation>
    </message>
    <message>
        <source>accept no PSU redundancy</source>
        <translation>接受无电源冗余</translation>
    </message>
    <message>
        <source>{mode} needs at least 2 PSUs; {n} placed</source>
        <translation>{mode} 至少需要 2 个电源；当前 {n} 个</translation>
    </message>
    <message>
        <source>{mode} needs at least 3 PSUs; {n} placed</source>
        <translation>{mode} 至少需要 3 个电源；当前 {n} 个</translation>
    </message>
    <message>
        <source>With one PSU its failure stops the node.</source>
        <translation>只有一个电源时，电源故障会导致节点停机。</translation>
    </message>
    <message>
        <source>N+2 keeps the node running with two PSUs failed; with {n} PSUs none would be left.</source>
        <translation>N+2 可在两个电源故障时保持节点运行；只有 {n} 个电源时，将没有电源可用。</translation>
    </message>
    <message>
        <source>N+N with an odd number of PSUs ({n}): one adds nothing</source>
        <translation>N+N 配置的电源数为奇数（{n}）：多出的一个不起作用</translation>
    </message>
    <message>
        <source>N+N splits PSUs over two feeds; usable = {half} x {rating:,g} W.</source>
        <translation>N+N 将电源分到两路供电上；可用 = {half} x {rating:,g} W。</translation>
    </message>
    <message>
        <source>use {n} x {psu}</source>
        <translation>改用 {n} x {psu}</translation>
    </message>
    <message>
        <source>Different PSU models in one node</source>
        <translation>同一节点中混用了不同型号的电源</translation>
    </message>
    <message>
        <source>Redundant PSUs share the load only when identical; mixed models may refuse to pair or overload the smaller one: {models}.</source>
        <translation>冗余电源只有型号相同时才能均分负载；混用型号可能无法配对或使较小的电源过载：{models}。</translation>
    </message>
    <message>
        <source>One node draws up to {node:,.0f} W; the {site} rack allows {usable:,.0f} W</source>
        <translation>单个节点最大功耗 {node:,.0f} W；{site}机柜只允许 {usable:,.0f} W</translation>
    </message>
    <message>
        <source>{gpu} draws {tdp:,g} W; edge/office sites take GPUs up to {limit:,g} W</source>
        <translation>{gpu} 功耗 {tdp:,g} W；边缘/办公室环境只支持 {limit:,g} W 以内的 GPU</translation>
    </message>
    <message>
        <source>Edge and office rooms have neither the feed nor the cooling for {tdp:,g} W cards (limit {limit}).</source>
        <translation>边缘和办公室机房既没有足够的供电，也没有足够的散热来支持 {tdp:,g} W 的显卡（上限 {limit}）。</translation>
    </message>
    <message>
        <source>{n} GPUs at an edge/office site; the guideline is {limit:g}</source>
        <translation>边缘/办公室环境中有 {n} 块 GPU；建议值为 {limit:g}</translation>
    </message>
    <message>
        <source>Edge deployments are single-card by default ({source}); check the room&apos;s power and heat.</source>
        <translation>边缘部署默认为单卡（{source}）；请检查机房的供电和散热。</translation>
    </message>
    <message>
        <source>Per rack: power {usable:,.0f} W / {node:,.0f} W = {by_power}; rack units {units} U / {node_units} U = {by_units}; cooling {ceiling:,.0f} W / {node:,.0f} W = {by_cooling}. {per_rack} node(s) per rack, limited by {binding}; {nodes} node(s) need {racks} rack(s).</source>
        <translation>每机柜：供电 {usable:,.0f} W / {node:,.0f} W = {by_power}；机架空间 {units} U / {node_units} U = {by_units}；散热 {ceiling:,.0f} W / {node:,.0f} W = {by_cooling}。每机柜 {per_rack} 个节点，受{binding}限制；{nodes} 个节点需要 {racks} 个机柜。</translation>
    </message>
    <message>
        <source>{gpu} has no {precision} tensor cores</source>
        <translation>{gpu} 没有 {precision} 张量核心</translation>
    </message>
    <message>
        <source>{precision} weights need hardware support the {gpu} lacks; serving engines refuse them or fall back to a slower path. Weight-only INT8/INT4 and FP16 run on any GPU.</source>
        <translation>{precision} 权重需要 {gpu} 所不具备的硬件支持；推理引擎会拒绝或退回到更慢的路径。仅权重 INT8/INT4 和 FP16 可在任何 GPU 上运行。</translation>
    </message>
    <message>
        <source>Serve the weights in {precision}</source>
        <translation>以 {precision} 提供权重</translation>
    </message>
    <message>
        <source>{model} is released in {released}: {chosen} weights add memory, not quality</source>
        <translation>{model} 以 {released} 发布：{chosen} 权重只增加显存，不提升质量</translation>
    </message>
    <message>
        <source>Serving {chosen} widens the released {released} weights: {chosen_gb:.0f} GB instead of {released_gb:.0f} GB to hold and to stream every step, for no better answers than the release gives.</source>
        <translation>以 {chosen} 部署会把发布的 {released} 权重放宽：每一步要保存并读取 {chosen_gb:.0f} GB 而不是 {released_gb:.0f} GB，回答质量却不会比发布版本更好。</translation>
    </message>
    <message>
        <source>{cooling} cooling removes {ceiling:,.0f} W per rack ({source}).</source>
        <translation>{cooling}散热每机柜可带走 {ceiling:,.0f} W（{source}）。</translation>
    </message>
    <message>
        <source>{engine} does not run on {gpu}</source>
        <translation>{engine} 无法在 {gpu} 上运行</translation>
    </message>
    <message>
        <source>{engine} is built for {platforms}, not {platform}: a build of {gpu} cannot serve it, and its estimate prices a deployment that cannot start.</source>
        <translation>{engine} 面向 {platforms}，不支持 {platform}：{gpu} 组成的配置无法运行它，其估算对应一个无法启动的部署。</translation>
    </message>
    <message>
        <source>Serve it with {engine}</source>
        <translation>改用 {engine} 部署</translation>
    </message>
    <message>
        <source>The rack may draw {rack:,.0f} W ({source}).</source>
        <translation>机柜允许功耗 {rack:,.0f} W（{source}）。</translation>
    </message>
    <message>
        <source> x 3 phases</source>
        <translation> x 3 相</translation>
    </message>
    <message>
        <source>Feed {volts:g} V x {amps:g} A{phases} = {rating:,.0f} W; loaded to at most {load:.0%} of its rating: {usable:,.0f} W.</source>
        <translation>供电线路 {volts:g} V x {amps:g} A{phases} = {rating:,.0f} W；负载不超过额定值的 {load:.0%}：{usable:,.0f} W。</translation>
    </message>
    <message>
        <source>The lower, {usable:,.0f} W, counts.</source>
        <translation>以两者中较低的 {usable:,.0f} W 为准。</translation>
    </message>
    <message>
        <source>No rack power or feed is known for this site.</source>
        <translation>该场地没有已知的机柜功率或供电线路数据。</translation>
    </message>
    <message>
        <source>Power binds: {usable} kW per rack holds {n} node(s) of {node} kW</source>
        <translation>供电为制约因素：每机柜 {usable} kW 可容纳 {n} 个 {node} kW 的节点</translation>
    </message>
    <message>
        <source>Cooling binds: {ceiling} kW of {cooling} cooling per rack holds {n} node(s) of {node} kW</source>
        <translation>散热为制约因素：每机柜 {ceiling} kW 的{cooling}散热可容纳 {n} 个 {node} kW 的节点</translation>
    </message>
    <message>
        <source>Rack space binds: {units} U per rack holds {n} node(s) of {node_units} U</source>
        <translation>机架空间为制约因素：每机柜 {units} U 可容纳 {n} 个 {node_units} U 的节点</translation>
    </message>
    <message>
        <source>{usable} kW of power</source>
        <translation>{usable} kW 供电</translation>
    </message>
    <message>
        <source>{ceiling} kW of {cooling} cooling</source>
        <translation>{ceiling} kW {cooling}散热</translation>
    </message>
    <message>
        <source>{units} U of rack space</source>
        <translation>{units} U 机架空间</translation>
    </message>
    <message>
        <source>{n} node(s) per rack of {node} kW and {node_units} U each, where {limits} bind together: {clauses}</source>
        <translation>每机柜 {n} 个节点（每个 {node} kW、{node_units} U），{limits}同时起制约作用：{clauses}</translation>
    </message>
    <message>
        <source>{limit} would allow {n}</source>
        <translation>{limit}允许 {n} 个</translation>
    </message>
    <message>
        <source>use {n} x {rating:,g} W PSUs ({psu}) for {mode}: {usable:,g} W usable &gt;= {load:,.0f} W</source>
        <translation>改用 {n} x {rating:,g} W 电源（{psu}）实现 {mode}：可用 {usable:,g} W &gt;= {load:,.0f} W</translation>
    </message>
    <message>
        <source>use {n} x {gb} GB {dimm} to fill all {channels} channels ({per_channel} per channel, {total} GB total)</source>
        <translation>改用 {n} x {gb} GB {dimm} 插满全部 {channels} 个通道（每通道 {per_channel} 条，共 {total} GB）</translation>
    </message>
    <message>
        <source>add {n} x {gb} GB {dimm} to fill all {channels} channels ({per_channel} per channel, {total} GB total)</source>
        <translation>添加 {n} x {gb} GB {dimm} 插满全部 {channels} 个通道（每通道 {per_channel} 条，共 {total} GB）</translation>
    </message>
    <message>
        <source>store the KV cache in FP8</source>
        <translation>KV 缓存改用 FP8 存储</translation>
    </message>
    <message>
        <source>add a second GPU ({gpu}) with TP={tp}</source>
        <translation>再添加一块 GPU（{gpu}），TP={tp}</translation>
    </message>
    <message>
        <source>add {n} more GPUs ({gpu}) with TP={tp}</source>
        <translation>再添加 {n} 块 GPU（{gpu}），TP={tp}</translation>
    </message>
    <message>
        <source>spread the model over {tp} GPUs (TP={tp})</source>
        <translation>将模型分布到 {tp} 块 GPU 上（TP={tp}）</translation>
    </message>
    <message>
        <source>no redundancy</source>
        <translation>无冗余</translation>
    </message>
    <message>
        <source>Edge / office</source>
        <translation>边缘/办公室</translation>
    </message>
    <message>
        <source>Enterprise machine room</source>
        <translation>企业机房</translation>
    </message>
    <message>
        <source>Data center, high density</source>
        <translation>高密度数据中心</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>power</source>
        <translation>供电</translation>
    </message>
    <message>
        <source>rack units</source>
        <translation>机架空间</translation>
    </message>
    <message>
        <source>cooling</source>
        <translation>散热</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
    </message>
    <message>
        <source>office-air</source>
        <translation>办公室空调</translation>
    </message>
    <message>
        <source>air-perimeter</source>
        <translation>房间级空调</translation>
    </message>
    <message>
        <source>air-containment</source>
        <translation>封闭通道风冷</translation>
    </message>
    <message>
        <source>rear-door</source>
        <translation>背板换热器</translation>
    </message>
    <message>
        <source>direct-liquid</source>
        <translation>直接液冷</translation>
    </message>
    <message>
        <source>immersion</source>
        <translation>浸没式液冷</translation>
    </message>
    <message>
        <source>gpu</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>dimm</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>nic</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>drive</source>
        <translation>硬盘</translation>
    </message>
    <message>
        <source>chassis</source>
        <translation>机箱</translation>
    </message>
    <message>
        <source>Real-time chat assistant</source>
        <translation>实时对话助手</translation>
    </message>
    <message>
        <source>Code completion</source>
        <translation>代码补全</translation>
    </message>
    <message>
        <source>Offline document summarisation</source>
        <translation>离线文档摘要</translation>
    </message>
    <message>
        <source>Retrieval-augmented generation (RAG)</source>
        <translation>检索增强生成（RAG）</translation>
    </message>
    <message>
        <source>Batch analytics</source>
        <translation>批量分析</translation>
    </message>
    <message>
        <source>sampler warm-up of {rows} requests&apos; logits (on top of the pass)</source>
        <translation>采样器预热（{rows} 个请求的 logits，在前向传播峰值之上）</translation>
    </message>
    <message>
        <source> (MoE: all {total:g} B parameters resident, {active:g} B active)</source>
        <translation>（MoE：全部 {total:g} B 参数常驻，激活 {active:g} B）</translation>
    </message>
    <message>
        <source> / {tp} GPUs</source>
        <translation> / {tp} 块 GPU</translation>
    </message>
    <message>
        <source>MLA latent</source>
        <translation>MLA 潜向量</translation>
    </message>
    <message>
        <source>{n} KV heads</source>
        <translation>{n} 个 KV 头</translation>
    </message>
    <message>
        <source>, {n} of them holding only the last {window} tokens</source>
        <translation>，其中 {n} 层只保留最近 {window} 个令牌</translation>
    </message>
    <message>
        <source>{params:g} B params x {bpe:g} B ({precision})</source>
        <translation>{params:g} B 参数 x {bpe:g} B（{precision}）</translation>
    </message>
    <message>
        <source>{experts:.2f} B expert params x {ebpe:g} B ({layout}) + {rest:.2f} B other params x 2 B (BF16)</source>
        <translation>{experts:.2f} B 专家参数 x {ebpe:g} B（{layout}）+ {rest:.2f} B 其他参数 x 2 B（BF16）</translation>
    </message>
    <message>
        <source>Per GPU, TP={tp} x PP={pp}: weights {weights_sum}{shards} = {weights}{moe}; overhead {overhead} ({overhead_parts}); KV cache {kv_kb:.1f} kB/token ({layers} layers, {kv_note}, {kv_precision} = {kv_bpe:g} B) x {context} tokens x {requests} request(s) = {kv}. Need {need} of {usable} usable ({budget}).</source>
        <translation>每 GPU，TP={tp} x PP={pp}：权重 {weights_sum}{shards} = {weights}{moe}；开销 {overhead}（{overhead_parts}）；KV 缓存 {kv_kb:.1f} kB/令牌（{layers} 层，{kv_note}，{kv_precision} = {kv_bpe:g} B）x {context} 令牌 x {requests} 个请求 = {kv}。需要 {need}，可用 {usable}（{budget}）。</translation>
    </message>
    <message>
        <source>{n} concurrent requests over {copies} model copies.</source>
        <translation>{n} 个并发请求分布在 {copies} 个模型副本上。</translation>
    </message>
    <message>
        <source>Model &apos;{id}&apos; is not in the catalog</source>
        <translation>模型“{id}”不在部件库中</translation>
    </message>
    <message>
        <source>VRAM, storage and parallelism checks need the model&apos;s size and shape; they are skipped.</source>
        <translation>显存、存储和并行检查需要模型的大小和结构；将跳过这些检查。</translation>
    </message>
    <message>
        <source>{model} is a MoE model without its routing in the catalog</source>
        <translation>{model} 是 MoE 模型，但目录中没有它的路由信息</translation>
    </message>
    <message>
        <source>No GPU placed for {model}</source>
        <translation>未为 {model} 安装 GPU</translation>
    </message>
    <message>
        <source>{chassis} has {n} {form} GPU positions.</source>
        <translation>{chassis} 有 {n} 个 {form} GPU 位。</translation>
    </message>
    <message>
        <source>cut the input to {n} tokens</source>
        <translation>将输入缩短到 {n} 个令牌</translation>
    </message>
    <message>
        <source>{n} tokens per request exceed {model}&apos;s {max}-token window</source>
        <translation>每个请求 {n} 个令牌，超出 {model} 的 {max} 令牌上下文窗口</translation>
    </message>
    <message>
        <source>Input {input} + output {output} = {n} &gt; max_context {max} (model config).</source>
        <translation>输入 {input} + 输出 {output} = {n} &gt; max_context {max}（模型配置）。</translation>
    </message>
    <message>
        <source>one {gpu}</source>
        <translation>一块 {gpu}</translation>
    </message>
    <message>
        <source>limit concurrency to {n} requests</source>
        <translation>将并发限制为 {n} 个请求</translation>
    </message>
    <message>
        <source>KV cache for {requests} x {context} tokens per model copy does not fit: {wanted} wanted, {left} left; at most {max} requests</source>
        <translation>每个模型副本 {requests} x {context} 个令牌的 KV 缓存放不下：需要 {wanted}，剩余 {left}；最多 {max} 个请求</translation>
    </message>
    <message>
        <source>Longest context that fits one request: {n} tokens.</source>
        <translation>单个请求可容纳的最长上下文：{n} 个令牌。</translation>
    </message>
    <message>
        <source>Only {headroom} VRAM headroom per GPU ({share:.0%})</source>
        <translation>每 GPU 显存余量仅 {headroom}（{share:.0%}）</translation>
    </message>
    <message>
        <source>The profile asks for at least {margin:.0%} of usable VRAM free.</source>
        <translation>配置文件要求至少保留 {margin:.0%} 的可用显存。</translation>
    </message>
    <message>
        <source>Only target QPS given: VRAM checked for one request per model copy; up to {n} requests fit</source>
        <translation>只给出了目标 QPS：显存按每个模型副本一个请求检查；最多可容纳 {n} 个请求</translation>
    </message>
    <message>
        <source>Concurrency = QPS x request time needs the latency model; set concurrency to check the KV cache at load. {n} requests of {context} tokens fit across {copies} model copies.</source>
        <translation>并发数 = QPS x 请求时长，需要延迟模型计算；请设置并发数以检查满载时的 KV 缓存。{copies} 个模型副本共可容纳 {n} 个 {context} 令牌的请求。</translation>
    </message>
    <message>
        <source>Quick check (weights x {factor:g}) says it fits; the detailed check says otherwise</source>
        <translation>快速估算（权重 x {factor:g}）认为放得下；详细检查结论相反</translation>
    </message>
    <message>
        <source>Quick check (weights x {factor:g}) says it does not fit; the detailed check says otherwise</source>
        <translation>快速估算（权重 x {factor:g}）认为放不下；详细检查结论相反</translation>
    </message>
</context>
<context>
    <name>ScenarioModel</name>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Keeps running?</source>
        <translation>能否继续运行？</translation>
    </message>
    <message>
        <source>Max at the wall</source>
        <translation>市电输入端最大功耗</translation>
    </message>
    <message>
        <source>Findings that change</source>
        <translation>变化的检查结果</translation>
    </message>
    <message>
        <source>{0} W</source>
        <translation>{0} W</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>SiteEditor</name>
    <message>
        <source>Custom (type the site&apos;s own figures)</source>
        <translation>自定义（输入场地自己的数值）</translation>
    </message>
    <message>
        <source>{kw} kW per rack</source>
        <translation>每机柜 {kw} kW</translation>
    </message>
    <message>
        <source>{volts} V × {amps} A feed</source>
        <translation>{volts} V × {amps} A 供电</translation>
    </message>
    <message>
        <source>{cooling} cooling {kw} kW</source>
        <translation>{cooling} 散热 {kw} kW</translation>
    </message>
    <message>
        <source>{n} GPU ≤ {w} W</source>
        <translation>{n} 块 GPU ≤ {w} W</translation>
    </message>
    <message>
        <source>{name} ({details})</source>
        <translation>{name}（{details}）</translation>
    </message>
    <message>
        <source>Site limits per rack</source>
        <translation>场地每机柜限制</translation>
    </message>
    <message>
        <source>Rack power</source>
        <translation>机柜功率</translation>
    </message>
    <message>
        <source>Cooling type</source>
        <translation>散热类型</translation>
    </message>
    <message>
        <source>Cooling capacity</source>
        <translation>散热能力</translation>
    </message>
    <message>
        <source>Feed voltage</source>
        <translation>供电电压</translation>
    </message>
    <message>
        <source>Feed phases</source>
        <translation>供电相数</translation>
    </message>
    <message>
        <source>Feed breaker</source>
        <translation>供电断路器</translation>
    </message>
    <message>
        <source>Breaker loading</source>
        <translation>断路器负载率</translation>
    </message>
    <message>
        <source>Rack units</source>
        <translation>机架空间</translation>
    </message>
    <message>
        <source>single phase</source>
        <translation>单相</translation>
    </message>
    <message>
        <source>three phase</source>
        <translation>三相</translation>
    </message>
    <message>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <source> V</source>
        <translation> V</translation>
    </message>
    <message>
        <source> A</source>
        <translation> A</translation>
    </message>
    <message>
        <source> % of rating</source>
        <translation> % 额定值</translation>
    </message>
    <message>
        <source> U</source>
        <translation> U</translation>
    </message>
    <message>
        <source>none (the feed sets it)</source>
        <translation>无（由供电线路决定）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Back to the preset&apos;s figures</source>
        <translation>恢复预设数值</translation>
    </message>
    <message>
        <source>A custom site needs its rack power or its feed breaker rating: give one of them.</source>
        <translation>自定义场地需要机柜功率或供电断路器额定值：请至少填写其中一项。</translation>
    </message>
    <message>
        <source>{field} cannot be {value}.</source>
        <translation>{field} 不能为 {value}。</translation>
    </message>
    <message>
        <source>Source: {0}</source>
        <translation>来源：{0}</translation>
    </message>
    <message>
        <source>Custom site: give the rack power or the feed breaker (or both; the lower counts), the cooling and the rack space.</source>
        <translation>自定义场地：请填写机柜功率或供电断路器（也可两者都填，以较低者为准）、散热和机架空间。</translation>
    </message>
    <message>
        <source>Figures in italics are the preset&apos;s; type over any to set this site&apos;s own. Power: {power}. Cooling: {cooling}.</source>
        <translation>斜体数值来自预设；直接改写任一数值即可为此场地设置自己的值。供电：{power}。散热：{cooling}。</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Start a sizing</source>
        <translation>开始选型</translation>
    </message>
    <message>
        <source>Pick one way in; everything can be changed afterwards.</source>
        <translation>任选一种方式开始；之后一切都可以修改。</translation>
    </message>
    <message>
        <source>Size from the client&apos;s questions</source>
        <translation>根据客户的问题选型</translation>
    </message>
    <message>
        <source>Model, users, prompt and answer length, latency: the assistant ranks builds that pass every rule.</source>
        <translation>模型、用户数、提示与回答长度、延迟：助手会对通过全部规则的配置进行排序。</translation>
    </message>
    <message>
        <source>New build</source>
        <translation>新建配置</translation>
    </message>
    <message>
        <source>Choose a chassis and a site, then drag parts into the chassis.</source>
        <translation>选择机箱和场地，然后将部件拖入机箱。</translation>
    </message>
    <message>
        <source>Open a sample</source>
        <translation>打开示例</translation>
    </message>
    <message>
        <source>Recent projects</source>
        <translation>最近的项目</translation>
    </message>
    <message>
        <source>Projects you save or open will be listed here.</source>
        <translation>您保存或打开的项目将列在这里。</translation>
    </message>
</context>
<context>
    <name>Team</name>
    <message>
        <source>no project {id} in the team library</source>
        <translation>团队库中没有项目 {id}</translation>
    </message>
    <message>
        <source>not a rule profile: {problem}</source>
        <translation>不是规则配置：{problem}</translation>
    </message>
    <message>
        <source>{path} is not an up-to-date catalog database; open the app or run `python -m app catalog info` once</source>
        <translation>{path} 不是最新版本的部件库数据库；请打开应用程序，或运行一次 `python -m app catalog info`</translation>
    </message>
    <message>
        <source>this catalog was synced with another team server ({known}); use a new data directory (--data-dir) for this one</source>
        <translation>该部件库已与另一个团队服务器（{known}）同步过；请为此服务器使用新的数据目录（--data-dir）</translation>
    </message>
    <message>
        <source>cannot connect to the team server {server}: {problem}</source>
        <translation>无法连接到团队服务器 {server}：{problem}</translation>
    </message>
    <message>
        <source>cannot connect to the team server: {problem}</source>
        <translation>无法连接到团队服务器：{problem}</translation>
    </message>
    <message>
        <source>this installation cannot create the server schema; run `team init --setup-server` from a Python install with the &apos;team&apos; extra</source>
        <translation>当前安装无法创建服务器数据库结构；请在装有“team”可选依赖的 Python 环境中运行 `team init --setup-server`</translation>
    </message>
    <message>
        <source>the team server&apos;s schema could not be created or upgraded: {problem}</source>
        <translation>无法创建或升级团队服务器的数据库结构：{problem}</translation>
    </message>
    <message>
        <source>role {role!r} is not one of: sales, admin</source>
        <translation>角色 {role!r} 无效，只能是 sales 或 admin</translation>
    </message>
    <message>
        <source>user name {login!r}: use lower-case letters, digits and _ . @ -</source>
        <translation>用户名 {login!r}：只能使用小写字母、数字和 _ . @ -</translation>
    </message>
    <message>
        <source>cannot add user {login}: {problem}</source>
        <translation>无法添加用户 {login}：{problem}</translation>
    </message>
    <message>
        <source>the team server did not say who is connected</source>
        <translation>团队服务器未返回当前连接的用户身份</translation>
    </message>
    <message>
        <source>host {host!r} is not a host name or address</source>
        <translation>主机 {host!r} 不是有效的主机名或地址</translation>
    </message>
    <message>
        <source>port {port} is not between 1 and 65535</source>
        <translation>端口 {port} 不在 1 到 65535 之间</translation>
    </message>
    <message>
        <source>{field} {value!r}: use letters, digits and _ . @ - (at most 63)</source>
        <translation>{field} {value!r}：只能使用字母、数字和 _ . @ -（最多 63 个字符）</translation>
    </message>
    <message>
        <source>TLS mode {mode!r} is not one of {modes}</source>
        <translation>TLS 模式 {mode!r} 无效，应为以下之一：{modes}</translation>
    </message>
    <message>
        <source>{path}: not a team server setting file ({problem})</source>
        <translation>{path}：不是团队服务器设置文件（{problem}）</translation>
    </message>
    <message>
        <source>no usable OS keyring to keep the password in ({problem}); set PGPASSWORD or ~/.pgpass instead</source>
        <translation>没有可用于保存密码的操作系统密钥环（{problem}）；请改为设置 PGPASSWORD 或 ~/.pgpass</translation>
    </message>
    <message>
        <source>the sync stopped: {problem}; both copies are consistent, run it again</source>
        <translation>同步已中止：{problem}；两边的副本均保持一致，请重新运行</translation>
    </message>
    <message>
        <source>the sync stopped at the local catalog {path}: {problem}; run it again</source>
        <translation>同步在本地部件库 {path} 处中止：{problem}；请重新运行</translation>
    </message>
    <message>
        <source>the team server has no Inference Sizer schema yet; a database owner runs `python -m app team init --setup-server` first</source>
        <translation>团队服务器上尚无 Inference Sizer 数据库结构；需先由数据库所有者运行 `python -m app team init --setup-server`</translation>
    </message>
    <message>
        <source>the team server&apos;s schema is {revision}, this app knows up to {head}: update the app (or have the server upgraded with `team init --setup-server`)</source>
        <translation>团队服务器的数据库结构版本为 {revision}，本应用最高只支持到 {head}：请更新应用（或让管理员用 `team init --setup-server` 升级服务器）</translation>
    </message>
    <message>
        <source>{user} is in neither team role (inference_sizer_sales, inference_sizer_admin)</source>
        <translation>{user} 不属于任何团队角色（inference_sizer_sales、inference_sizer_admin）</translation>
    </message>
    <message>
        <source>the team server has no identity row; run `team init --setup-server` again</source>
        <translation>团队服务器缺少身份记录；请再次运行 `team init --setup-server`</translation>
    </message>
    <message>
        <source>deleted on the server</source>
        <translation>已在服务器上删除</translation>
    </message>
    <message>
        <source>changed on the server and here</source>
        <translation>服务器和本地均有修改</translation>
    </message>
    <message>
        <source>refused by the server: {problem}</source>
        <translation>被服务器拒绝：{problem}</translation>
    </message>
    <message>
        <source>owned by {owner}: only they can change it (keep theirs, or both as copies)</source>
        <translation>归 {owner} 所有：只有所有者本人可以修改（请保留对方的版本，或将两者都保留为副本）</translation>
    </message>
    <message>
        <source>changed on the server since this copy was based on it</source>
        <translation>本地副本创建后，服务器上的版本已被修改</translation>
    </message>
    <message>
        <source>no conflict on {kind} {id}</source>
        <translation>{kind} {id} 没有冲突</translation>
    </message>
    <message>
        <source>choose theirs, mine or both, not {choice!r}</source>
        <translation>请选择 theirs、mine 或 both，而不是 {choice!r}</translation>
    </message>
    <message>
        <source>a {kind} has one value: choose theirs or mine</source>
        <translation>{kind} 只有一个值：请选择 theirs 或 mine</translation>
    </message>
    <message>
        <source>{name} (my copy)</source>
        <translation>{name}（我的副本）</translation>
    </message>
</context>
<context>
    <name>TeamPage</name>
    <message>
        <source>Team server</source>
        <translation>团队服务器</translation>
    </message>
    <message>
        <source>&amp;Share the catalog, prices and projects through a team server</source>
        <translation>通过团队服务器共享部件库、价格和项目(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主机(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>端口(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>数据库(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;TLS mode:</source>
        <translation>TLS 模式(&amp;T)：</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>密码(&amp;W)：</translation>
    </message>
    <message>
        <source>kept in the system keyring; leave empty to keep the saved one</source>
        <translation>保存在系统密钥环中；留空则保留已保存的密码</translation>
    </message>
    <message>
        <source>Not saved: {0}</source>
        <translation>未保存：{0}</translation>
    </message>
    <message>
        <source>Without a team server this copy works on its own. Sync with `python -m app team sync`.</source>
        <translation>未使用团队服务器时，当前副本独立工作。使用 `python -m app team sync` 进行同步。</translation>
    </message>
    <message>
        <source>the team server needs the &apos;team&apos; extra ({0} is missing)</source>
        <translation>团队服务器需要“team”可选依赖（缺少 {0}）</translation>
    </message>
</context>
<context>
    <name>WorkloadPanel</name>
    <message>
        <source>Real-time chat (P99 &lt; 200 ms)</source>
        <translation>实时对话（P99 &lt; 200 ms）</translation>
    </message>
    <message>
        <source>Code completion (P99 &lt; 500 ms)</source>
        <translation>代码补全（P99 &lt; 500 ms）</translation>
    </message>
    <message>
        <source>Document summarisation (&lt; 5 s)</source>
        <translation>文档摘要（&lt; 5 s）</translation>
    </message>
    <message>
        <source>RAG (&lt; 1 s)</source>
        <translation>RAG（&lt; 1 s）</translation>
    </message>
    <message>
        <source>Batch analytics (&gt; 10 s)</source>
        <translation>批量分析（&gt; 10 s）</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source> tok</source>
        <translation> 令牌</translation>
    </message>
    <message>
        <source>Prompt tokens every request shares and the engine&apos;s prefix cache holds (a system prompt, a RAG context): not prefilled again, their KV cache held once</source>
        <translation>每个请求共享、由引擎前缀缓存保存的提示词令牌（系统提示词、RAG 上下文）：不再重复预填充，其 KV 缓存只保存一份</translation>
    </message>
    <message>
        <source>engine default</source>
        <translation>引擎默认值</translation>
    </message>
    <message>
        <source>Requests one model copy runs at once (vLLM --max-num-seqs, SGLang --max-running-requests, TensorRT-LLM max_batch_size); more wait in its queue. Lowest value: the engine&apos;s default for the GPU</source>
        <translation>每个模型副本同时运行的请求数（vLLM --max-num-seqs、SGLang --max-running-requests、TensorRT-LLM max_batch_size）；超出的请求在队列中等待。最小值：引擎针对该 GPU 的默认值</translation>
    </message>
    <message>
        <source>Speculative decoding (MTP, EAGLE): draft tokens a step proposes for every request, checked in one pass of the model. It speeds up decode where a step is memory-bound and slows it where it is compute-bound</source>
        <translation>投机解码（MTP、EAGLE）：每步为每个请求提出的草稿令牌数，由模型在一次前向中验证。在访存受限的步骤中加快解码，在计算受限的步骤中使其变慢</translation>
    </message>
    <message>
        <source>default (70 % a draft token)</source>
        <translation>默认（每个草稿令牌 70 %）</translation>
    </message>
    <message>
        <source>Tokens a speculative step keeps per request on average, as your engine logs it (accept length): between 1 and the draft tokens + 1. It depends on your prompts and the draft model</source>
        <translation>投机解码每步平均为每个请求保留的令牌数，即推理引擎日志记录的值：介于 1 与草稿令牌数 + 1 之间。取决于您的提示词和草稿模型</translation>
    </message>
    <message>
        <source>use the concurrency</source>
        <translation>按并发数</translation>
    </message>
    <message>
        <source>The load as requests per second arriving at random (Poisson); the concurrency then follows from it</source>
        <translation>以每秒随机到达的请求数（泊松分布）表示负载；并发数由其推算</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Input length</source>
        <translation>输入长度</translation>
    </message>
    <message>
        <source>Input length spread</source>
        <translation>输入长度离散度</translation>
    </message>
    <message>
        <source>Output length</source>
        <translation>输出长度</translation>
    </message>
    <message>
        <source>Cached prefix</source>
        <translation>缓存前缀</translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation>并发请求数</translation>
    </message>
    <message>
        <source>Requests per second</source>
        <translation>每秒请求数</translation>
    </message>
    <message>
        <source>Latency scenario</source>
        <translation>延迟场景</translation>
    </message>
    <message>
        <source>P99 TTFT target</source>
        <translation>P99 TTFT 目标</translation>
    </message>
    <message>
        <source>P99 TPOT bound</source>
        <translation>P99 TPOT 上限</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>Attention data-parallel</source>
        <translation>注意力数据并行</translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>推理引擎</translation>
    </message>
    <message>
        <source>Running-request limit</source>
        <translation>同时运行请求上限</translation>
    </message>
    <message>
        <source>Speculative draft tokens</source>
        <translation>投机草稿令牌数</translation>
    </message>
    <message>
        <source>Acceptance length</source>
        <translation>接受长度</translation>
    </message>
    <message>
        <source>GPU power limit</source>
        <translation>GPU 功耗限制</translation>
    </message>
    <message>
        <source>Each GPU of the tensor-parallel group runs attention for its own requests with the attention weights whole, and caches only their KV (TensorRT-LLM enable_attention_dp, SGLang --enable-dp-attention, vLLM --data-parallel-size with --enable-expert-parallel): MLA models such as DeepSeek hold up to TP times the requests</source>
        <translation>张量并行组中的每块 GPU 以完整的注意力权重为自己的请求计算注意力，且只缓存这些请求的 KV（TensorRT-LLM enable_attention_dp，SGLang --enable-dp-attention，vLLM --data-parallel-size 加 --enable-expert-parallel）：DeepSeek 等 MLA 模型最多可容纳 TP 倍的请求</translation>
    </message>
    <message>
        <source>MoE models: each GPU of the tensor-parallel group holds whole experts and runs the tokens routed to them (TensorRT-LLM --ep, SGLang --ep-size, vLLM --enable-expert-parallel), instead of a slice of every expert: each GPU writes and sums the outputs of 1/TP of the token-expert pairs. Attention data-parallel runs its experts so</source>
        <translation>MoE 模型：张量并行组内每块 GPU 持有完整的专家，并处理路由到这些专家的令牌（TensorRT-LLM --ep，SGLang --ep-size，vLLM --enable-expert-parallel），而不是每块 GPU 各持每个专家的一个切片：每块 GPU 只需写出并求和 1/TP 的令牌-专家对的输出。注意力数据并行也以此方式运行专家</translation>
    </message>
    <message>
        <source>A benchmark whose prompts and answers all have one length (a random-token dataset with --ignore-eos and no length range: vllm bench serve&apos;s default): its clients&apos; rounds stay in step, so each round&apos;s prompts wait for each other&apos;s prefill and TTFT is longer than for traffic of varied lengths. For comparing with such a run; at a concurrency, with no length spread</source>
        <translation>所有提示和回答同一长度的基准测试（随机令牌数据集，带 --ignore-eos、无长度范围：vllm bench serve 的默认设置）：各客户端的轮次保持同步，因此每一轮的提示要等待彼此的预填充，TTFT 比长度各异的流量更长。用于与此类测试对比；仅适用于按并发数给出负载且无长度离散度的情况</translation>
    </message>
    <message>
        <source>TDP</source>
        <translation>TDP</translation>
    </message>
    <message>
        <source>Power limit set on the GPUs, within each GPU&apos;s datasheet range (e.g. H100 NVL 350-400 W); lowest value: each GPU at its TDP</source>
        <translation>为 GPU 设置的功耗限制，须在各 GPU 规格书给出的范围内（如 H100 NVL 为 350-400 W）；最低值表示：各 GPU 按其 TDP 运行</translation>
    </message>
    <message>
        <source>scenario: {0} ms</source>
        <translation>场景：{0} ms</translation>
    </message>
    <message>
        <source>Server and site</source>
        <translation>服务器与场地</translation>
    </message>
    <message>
        <source>Uniform lengths</source>
        <translation>统一长度</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>机箱</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>部署环境</translation>
    </message>
    <message>
        <source>PSU redundancy</source>
        <translation>电源冗余</translation>
    </message>
</context>
</TS>
