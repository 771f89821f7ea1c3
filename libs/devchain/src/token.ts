import solc from 'solc';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  http,
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { fund, minePending, setAutomine } from './control';
import type { DevChain } from './node';

/** A minimal ERC-20 like BEP20 USDT: Transfer events, decimals(), the whole supply minted to the deployer. */
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract DevToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
`;

/** Hardhat's first prefunded account (publicly known test key; it only ever holds test coins). */
export const DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

interface Compiled {
  abi: Abi;
  bytecode: Hex;
}
let compiled: Compiled | null = null;

/** Compiles the token once per process with the solc npm package (offline, no compiler download). */
export function compileToken(): Compiled {
  if (compiled) return compiled;
  const input = {
    language: 'Solidity',
    sources: { 'DevToken.sol': { content: SOURCE } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { DevToken: ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`DevToken does not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts['DevToken.sol'].DevToken;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

export interface SentTransfer {
  hash: Hash;
  blockNumber: bigint;
  /** The signed transaction, to send again after a revert (the same hash lands in another block). */
  raw: Hex;
}

export interface DevToken {
  address: Address;
  decimals: number;
  /** Sends `amount` token units from the deployer; resolves once mined (automine). */
  transfer(to: Address, amount: bigint): Promise<SentTransfer>;
  balanceOf(owner: Address): Promise<bigint>;
}

/** What a token handle needs of a chain: a process that did not start the node can reconnect to it. */
export type ChainEndpoint = Pick<DevChain, 'rpcUrl' | 'chainId'>;

function clients(chain: ChainEndpoint, deployerKey: Hex = DEPLOYER_KEY) {
  const definition = defineChain({
    id: chain.chainId,
    name: 'Rigshare devchain',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
  const transport = http(chain.rpcUrl);
  return {
    publicClient: createPublicClient({ chain: definition, transport, pollingInterval: 50 }) as PublicClient,
    walletClient: createWalletClient({ chain: definition, transport, account: privateKeyToAccount(deployerKey) }),
  };
}

async function receiptOf(publicClient: PublicClient, hash: Hash) {
  return publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 30_000 });
}

/**
 * Deploys a fresh token, a billion whole tokens minted to the deployer: Hardhat's first account, or
 * `deployerKey` (given test coins first), so each deployment can have its own token address.
 */
export async function deployToken(chain: DevChain, options: { decimals?: number; symbol?: string; deployerKey?: Hex } = {}): Promise<DevToken> {
  const decimals = options.decimals ?? 18;
  const symbol = options.symbol ?? 'USDT';
  const deployerKey = options.deployerKey ?? DEPLOYER_KEY;
  if (options.deployerKey) await fund(chain, privateKeyToAccount(deployerKey).address);
  const { abi, bytecode } = compileToken();
  const { publicClient, walletClient } = clients(chain, deployerKey);
  const supply = 1_000_000_000n * 10n ** BigInt(decimals);
  const deployHash = await walletClient.deployContract({ abi, bytecode, args: [`Dev ${symbol}`, symbol, decimals, supply] });
  const deployed = await receiptOf(publicClient, deployHash);
  if (!deployed.contractAddress || deployed.status !== 'success') throw new Error(`Token deployment failed: ${deployHash}`);
  return connectToken(chain, { address: getAddress(deployed.contractAddress), decimals, deployerKey });
}

/** A new random deployer key (funded by deployToken), so each deployment gets its own token address. */
export function newDeployerKey(): Hex {
  return generatePrivateKey();
}

/** A handle on a token deployed earlier (perhaps by another process) whose deployer key is known. */
export function connectToken(chain: ChainEndpoint, token: { address: Address; decimals: number; deployerKey?: Hex }): DevToken {
  const { abi } = compileToken();
  const { publicClient, walletClient } = clients(chain, token.deployerKey);
  const { address, decimals } = token;
  return {
    address,
    decimals,
    async transfer(to, amount) {
      const request = await walletClient.prepareTransactionRequest({
        to: address,
        data: encodeFunctionData({ abi, functionName: 'transfer', args: [to, amount] }),
      });
      const raw = await walletClient.signTransaction(request);
      const hash = await walletClient.sendRawTransaction({ serializedTransaction: raw });
      const receipt = await receiptOf(publicClient, hash);
      if (receipt.status !== 'success') throw new Error(`Transfer ${hash} reverted`);
      return { hash, blockNumber: receipt.blockNumber, raw };
    },
    async balanceOf(owner) {
      return (await publicClient.readContract({ address, abi, functionName: 'balanceOf', args: [owner] })) as bigint;
    },
  };
}

/** Sends an already signed transaction again (after a revert) and resolves once it is mined. */
export async function resend(chain: DevChain, raw: Hex): Promise<SentTransfer> {
  const { publicClient, walletClient } = clients(chain);
  const hash = await walletClient.sendRawTransaction({ serializedTransaction: raw });
  const receipt = await receiptOf(publicClient, hash);
  return { hash, blockNumber: receipt.blockNumber, raw };
}

/**
 * Sends many transfers of a token (deployed by the default or the given deployer key) in ONE block, as
 * a busy chain has many transfers per block: automine is paused, the transactions are sent with
 * consecutive nonces, one block is mined, automine is restored. Resolves with the block and hashes.
 */
export async function transferBatch(
  chain: ChainEndpoint,
  token: { address: Address; deployerKey?: Hex },
  transfers: { to: Address; amount: bigint }[],
): Promise<{ blockNumber: bigint; hashes: Hash[] }> {
  const { abi } = compileToken();
  const { publicClient, walletClient } = clients(chain, token.deployerKey);
  const account = walletClient.account;
  const nonce = await publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const fees = await publicClient.estimateFeesPerGas();
  await setAutomine(chain, false);
  const hashes: Hash[] = [];
  try {
    for (const [i, t] of transfers.entries()) {
      hashes.push(
        await walletClient.sendTransaction({
          to: token.address,
          data: encodeFunctionData({ abi, functionName: 'transfer', args: [t.to, t.amount] }),
          nonce: nonce + i,
          gas: 100_000n,
          maxFeePerGas: fees.maxFeePerGas * 2n,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        }),
      );
    }
    await minePending(chain);
  } finally {
    await setAutomine(chain, true);
  }
  const receipts = await Promise.all(hashes.map((hash) => publicClient.getTransactionReceipt({ hash })));
  const failed = receipts.filter((r) => r.status !== 'success');
  if (failed.length > 0) throw new Error(`${failed.length} transfer(s) reverted, first ${failed[0].transactionHash}`);
  const blocks = new Set(receipts.map((r) => r.blockNumber));
  if (blocks.size !== 1) throw new Error(`The batch spread over ${blocks.size} blocks (block gas limit?)`);
  return { blockNumber: receipts[0].blockNumber, hashes };
}
